# heapcount's part of `cmake --install` on Linux, for the full build
# (cmake/Install.cmake) and the heapcount-only one (ALLOC_TIDY_HEAPCOUNT_ONLY):
#
#   bin/heapcount                       the command
#   lib/alloc-tidy/libheapcount.so      the counting library, preloaded by
#                                       the command or linked into a test
#                                       (AllocTidy::heapcount)
#   include/heapcount/*.h               the in-process API and assertions
#
# The command is exported as AllocTidy::heapcount-tool: the name
# AllocTidy::heapcount is the library's, the one a test links.

set_target_properties(heapcount PROPERTIES EXPORT_NAME heapcount-tool)
set_target_properties(heapcount-runtime PROPERTIES EXPORT_NAME heapcount)
install(TARGETS heapcount EXPORT AllocTidyTargets
  RUNTIME DESTINATION ${ALLOC_TIDY_INSTALL_BINDIR})
install(TARGETS heapcount-runtime EXPORT AllocTidyTargets
  LIBRARY DESTINATION ${ALLOC_TIDY_INSTALL_PKGLIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/heapcount/include/heapcount
  DESTINATION ${ALLOC_TIDY_INSTALL_INCLUDEDIR})
