# systole_generate_proto(TARGET <t> PROTO <path relative to the source root>)
# Runs protoc so that <dir>/<name>.proto generates ${PROJECT_BINARY_DIR}/<dir>/<name>.pb.h,
# included as "<dir>/<name>.pb.h" (e.g. "runtime/ncx/ncx.pb.h"), and imports are
# resolved from the source root. (CMake 3.25's protobuf_generate always puts the
# proto's own folder first on the import path, which drops the <dir>/ prefix.)
get_filename_component(SYSTOLE_SOURCE_ROOT ${CMAKE_CURRENT_LIST_DIR}/../.. ABSOLUTE)
function(systole_generate_proto)
  cmake_parse_arguments(ARG "" "TARGET;PROTO" "DEPENDS" ${ARGN})
  get_filename_component(dir ${ARG_PROTO} DIRECTORY)
  get_filename_component(name ${ARG_PROTO} NAME_WE)
  set(out ${PROJECT_BINARY_DIR}/${dir}/${name}.pb.h ${PROJECT_BINARY_DIR}/${dir}/${name}.pb.cc)
  add_custom_command(
    OUTPUT ${out}
    COMMAND protobuf::protoc --cpp_out=${PROJECT_BINARY_DIR} -I ${SYSTOLE_SOURCE_ROOT}
            ${SYSTOLE_SOURCE_ROOT}/${ARG_PROTO}
    DEPENDS ${SYSTOLE_SOURCE_ROOT}/${ARG_PROTO} ${ARG_DEPENDS} protobuf::protoc
    COMMENT "Running protoc on ${ARG_PROTO}"
    VERBATIM)
  target_sources(${ARG_TARGET} PRIVATE ${out})
  target_include_directories(${ARG_TARGET} PUBLIC ${SYSTOLE_SOURCE_ROOT} ${PROJECT_BINARY_DIR})
endfunction()
