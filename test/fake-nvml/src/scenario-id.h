/* The scenario the environment names, and whether it is the one playing (see state.c's fake_init). */
#ifndef FAKE_NVML_SCENARIO_ID_H
#define FAKE_NVML_SCENARIO_ID_H

#include <stdbool.h>
#include <sys/types.h>
#include <time.h>

/*
 * Which scenario the environment names: FAKE_NVML_SCENARIO's path, the file's identity on disk
 * (a test may rewrite a scenario in place) and FAKE_NVML_STEP. Kept for the loaded scenario, so
 * that an nvmlInit can tell whether the environment still names the one playing.
 */
typedef struct {
    char *path; /* owned copy for the loaded scenario; getenv's pointer for a named one */
    bool step_mode;
    bool on_disk; /* stat() answered */
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
} scenario_id;

/* What the environment names now (`path` is getenv's, not a copy; NULL when unset or empty). */
scenario_id scenario_id_named(void);
/* Does `named` name the scenario `have` describes? Nothing named, or a file gone since, counts as yes. */
bool scenario_id_same(const scenario_id *named, const scenario_id *have);

#endif
