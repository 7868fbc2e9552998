# What `cmake --install` puts where, the CMake package config that lets
# another project find alloc-tidy, and the Debian package (cpack -G DEB).
#
#   bin/                    alloc-tidy, alloc-clangd, alloc-layout, alloc-run,
#                           heapcount
#   lib/alloc-tidy/         the clang-tidy plugin and heapcount's counting
#                           library: private to alloc-tidy, not for the
#                           linker's search path (a test links the library
#                           as the imported target AllocTidy::heapcount)
#   include/heapcount/      heapcount's in-process API and assertions
#   lib/cmake/AllocTidy/    AllocTidyConfig.cmake and friends
#   share/alloc-tidy/       the git pre-commit hook
#   share/doc/alloc-tidy/   docs/
#
# The directories are set in the top-level CMakeLists.txt, before the tools
# that need them.

set(_alloc_tidy_programs alloc-tidy alloc-layout)
if(TARGET alloc-clangd)
  list(APPEND _alloc_tidy_programs alloc-clangd)
endif()
install(TARGETS ${_alloc_tidy_programs} EXPORT AllocTidyTargets
  RUNTIME DESTINATION ${ALLOC_TIDY_INSTALL_BINDIR})
install(TARGETS AllocTidyModule EXPORT AllocTidyTargets
  LIBRARY DESTINATION ${ALLOC_TIDY_INSTALL_PKGLIBDIR})
include(${CMAKE_CURRENT_LIST_DIR}/InstallHeapcount.cmake)
# alloc-run is installed by tools/alloc-run/CMakeLists.txt.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/
  DESTINATION ${ALLOC_TIDY_INSTALL_DOCDIR})
install(FILES ${PROJECT_SOURCE_DIR}/README.md
  DESTINATION ${ALLOC_TIDY_INSTALL_DOCDIR})

install(EXPORT AllocTidyTargets NAMESPACE AllocTidy::
  DESTINATION ${ALLOC_TIDY_INSTALL_CMAKEDIR})
include(CMakePackageConfigHelpers)
configure_package_config_file(cmake/AllocTidyConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/AllocTidyConfig.cmake
  INSTALL_DESTINATION ${ALLOC_TIDY_INSTALL_CMAKEDIR}
  PATH_VARS ALLOC_TIDY_INSTALL_BINDIR ALLOC_TIDY_INSTALL_PKGLIBDIR
    ALLOC_TIDY_INSTALL_DATADIR ALLOC_TIDY_INSTALL_DOCDIR)
# 0.x releases change the checks' options between minor versions.
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/cmake/AllocTidyConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/AllocTidyConfig.cmake
  ${CMAKE_BINARY_DIR}/cmake/AllocTidyConfigVersion.cmake
  DESTINATION ${ALLOC_TIDY_INSTALL_CMAKEDIR})

# --- Debian package ---------------------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME alloc-tidy)
set(CPACK_PACKAGE_VENDOR "alloc-tidy")
set(CPACK_PACKAGE_CONTACT "alloc-tidy developers <alloc-tidy@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "clang-tidy checks, layout reports and heap counting for allocation-heavy C++")
set(CPACK_PACKAGE_DESCRIPTION
  "alloc-* checks with fix-its for clang-tidy ${LLVM_VERSION_MAJOR} (as a \
plugin, as alloc-tidy and in alloc-clangd), alloc-run for compile \
databases in CI, alloc-layout record layout reports, and heapcount, which \
counts a program's heap calls.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Library dependencies come from dpkg-shlibdeps. The rest is what the tools
# run or read: the plugin's host, clang's builtin headers, alloc-run's
# Python, and the symbolizers of heapcount --stacks and --profile.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libclang-common-${LLVM_VERSION_MAJOR}-dev, python3, python3-yaml")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
  "clang-tidy-${LLVM_VERSION_MAJOR}, llvm-${LLVM_VERSION_MAJOR}, libunwind8")
set(CPACK_STRIP_FILES ON)
include(CPack)
