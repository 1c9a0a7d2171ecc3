/*
 * Reading FAKE_NVML_SCENARIO and FAKE_NVML_STEP, and the scenario file's identity on disk, so an
 * nvmlInit can tell whether the environment still names the scenario playing.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "scenario-id.h"

static bool step_mode_requested(void)
{
    const char *step = getenv("FAKE_NVML_STEP");
    return step != NULL && (strcmp(step, "1") == 0 || strcmp(step, "true") == 0);
}

scenario_id scenario_id_named(void)
{
    scenario_id id = { 0 };
    const char *path = getenv("FAKE_NVML_SCENARIO");
    id.path = path != NULL && path[0] != '\0' ? (char *)path : NULL;
    id.step_mode = step_mode_requested();
    struct stat st;
    if (id.path != NULL && stat(id.path, &st) == 0) {
        id.on_disk = true;
        id.dev = st.st_dev;
        id.ino = st.st_ino;
        id.size = st.st_size;
        id.mtime = st.st_mtim;
    }
    return id;
}

bool scenario_id_same(const scenario_id *named, const scenario_id *have)
{
    if (named->path == NULL) return true; /* nothing named: the scenario playing goes on */
    if (have->path == NULL || strcmp(named->path, have->path) != 0 || named->step_mode != have->step_mode) return false;
    if (!named->on_disk || !have->on_disk) return true;
    return named->dev == have->dev && named->ino == have->ino && named->size == have->size &&
           named->mtime.tv_sec == have->mtime.tv_sec && named->mtime.tv_nsec == have->mtime.tv_nsec;
}

