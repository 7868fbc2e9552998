# cmake -DIN=alloc_run.py -DOUT=bin/alloc-run -DDOCS=docs -P this file
set(ALLOC_RUN_DOCS_DIR "${DOCS}")
get_filename_component(out_dir "${OUT}" DIRECTORY)
configure_file("${IN}" "${OUT}.tmp" @ONLY)
file(COPY "${OUT}.tmp" DESTINATION "${out_dir}/alloc-run.d"
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
  GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
file(REMOVE "${OUT}.tmp")
file(RENAME "${out_dir}/alloc-run.d/alloc-run.tmp" "${OUT}")
file(REMOVE_RECURSE "${out_dir}/alloc-run.d")
