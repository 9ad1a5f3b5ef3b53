// Loads the plug-in (consumer.cpp built as a shared object that links shadersort) with dlopen, as
// a host application or a Python interpreter would, and runs its sort. Exits with its result.

#include <dlfcn.h>

#include <cstdio>

int main() {
  void* plugin = dlopen(SORT_PLUGIN, RTLD_NOW | RTLD_LOCAL);
  if (plugin == nullptr) {
    std::fprintf(stderr, "plugin_host: %s\n", dlerror());
    return 1;
  }
  using Run = int (*)();
  const auto run = reinterpret_cast<Run>(dlsym(plugin, "shadersort_consumer_run"));
  if (run == nullptr) {
    std::fprintf(stderr, "plugin_host: %s\n", dlerror());
    return 1;
  }
  const int result = run();
  dlclose(plugin);
  return result;
}
