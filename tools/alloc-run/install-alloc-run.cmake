# cmake -DIN=alloc_run.py -DOUT=bin/alloc-run -DDOCS=docs
#       -DLIB="alloc_run_lib/a.py;alloc_run_lib/b.py" -P this file
set(ALLOC_RUN_DOCS_DIR "${DOCS}")
get_filename_component(out_dir "${OUT}" DIRECTORY)
configure_file("${IN}" "${OUT}.tmp" @ONLY)
file(COPY "${OUT}.tmp" DESTINATION "${out_dir}/alloc-run.d"
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
  GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
file(REMOVE "${OUT}.tmp")
file(RENAME "${out_dir}/alloc-run.d/alloc-run.tmp" "${OUT}")
file(REMOVE_RECURSE "${out_dir}/alloc-run.d")
# The package beside the script, copied as it is (nothing to fill in). Anew,
# so that a module removed from the source goes from here too; written, not
# file(COPY)'d, which would keep the source's time: a copy older than this
# file would be made again on every build.
file(REMOVE_RECURSE "${out_dir}/alloc_run_lib")
foreach(module IN LISTS LIB)
  get_filename_component(name "${module}" NAME)
  configure_file("${module}" "${out_dir}/alloc_run_lib/${name}" COPYONLY)
endforeach()
