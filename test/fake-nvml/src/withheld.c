/*
 * The withheld-symbol check. An old driver is imitated by a build without some symbols (dlsym
 * cannot be fooled at run time), so a test that pairs a scenario with the wrong build would test
 * nothing. At nvmlInit the library asks the dynamic linker which of its own symbols really exist
 * and refuses a scenario whose "withheldSymbols" says otherwise.
 */
#define _GNU_SOURCE

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "fakenvml.h"

/* Any address inside this library, to find its own file. */
static const char self_marker = 0;

enum { LIST_CAP = 4096 };

static void append_name(char *list, const char *name)
{
    size_t used = strlen(list);
    snprintf(list + used, LIST_CAP - used, "%s%s", used > 0 ? ", " : "", name);
}

bool withheld_symbols_match(const scenario *sc, const char *scenario_path)
{
    Dl_info info;
    void *self = NULL;
    if (dladdr(&self_marker, &info) != 0 && info.dli_fname != NULL) {
        self = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
    }
    if (self == NULL) {
        fprintf(stderr, "fake-nvml: cannot look up this library's own symbols: %s\n", dlerror());
        return false;
    }
    char exported_but_withheld[LIST_CAP] = "", missing_but_expected[LIST_CAP] = "";
    for (int s = 0; s < SYM_COUNT; s++) {
        bool exported = dlsym(self, fake_symbol_names[s]) != NULL;
        if (exported && sc->withheld[s]) append_name(exported_but_withheld, fake_symbol_names[s]);
        if (!exported && !sc->withheld[s]) append_name(missing_but_expected, fake_symbol_names[s]);
    }
    bool match = exported_but_withheld[0] == '\0' && missing_but_expected[0] == '\0';
    if (!match) {
        fprintf(stderr,
                "fake-nvml: scenario %s does not fit library %s:%s%s%s%s. Load the library that "
                "fakeNvmlLibraryFor(scenario) in test/fake-nvml/paths.ts names (build it with `npm run build:fake-nvml`)\n",
                scenario_path, info.dli_fname,
                exported_but_withheld[0] ? " the scenario withholds, but the library exports: " : "", exported_but_withheld,
                !missing_but_expected[0]    ? ""
                : exported_but_withheld[0] ? "; the library lacks, but the scenario does not withhold: "
                                           : " the library lacks, but the scenario does not withhold: ",
                missing_but_expected);
    }
    dlclose(self);
    return match;
}
