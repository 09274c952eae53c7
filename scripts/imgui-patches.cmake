# The patches of Dear ImGui 1.92.2b's own files that the web app needs and no switch of ImGui or
# of its backends gives. Each is a text found in the sources and what replaces it, with its reason.
# Included by src/web_app.cmake (czary_imgui_patched_copies), and run as a script by the ctest
# imgui.patches_apply (cmake -DIMGUI=<sources> -P scripts/imgui-patches.cmake), which fails when a
# patched text is no longer found exactly once: the sign of another version of ImGui.

# Why each stays, in one line:
# - imgui.cpp: no .ini handlers, whose readers scan with sscanf (4.2 KB gzip with scanf's number reading).
# - imgui_widgets.cpp: InputInt's typed number read with strtol, not sscanf (the same reason).
# - imgui_impl_sdl2.cpp: no gamepads, or every frame's gamepad poll links SDL's controller code.
# - imgui_impl_opengl3.cpp: "#version 100" read without sscanf, and no GL state read back and set
#   again around each frame (eighteen WebGL round trips, 1.9 ms of a 3 ms frame: docs/benchmark.md).
set(czary_imgui_patched_files imgui.cpp imgui_widgets.cpp backends/imgui_impl_sdl2.cpp backends/imgui_impl_opengl3.cpp)

set(imgui_ini_handlers "    // Add .ini handle for ImGuiWindow and ImGuiTable types\n    {")
set(imgui_no_ini_handlers "    // Czary: no .ini handlers, IniFilename is null (scripts/imgui-patches.cmake)\n    if (false)\n    {")
set(imgui_table_ini_handler "    TableSettingsAddSettingsHandler();")
set(imgui_no_table_ini_handler "    if (false) TableSettingsAddSettingsHandler();  // Czary: no .ini (scripts/imgui-patches.cmake)")
set(czary_imgui_patches_imgui.cpp imgui_ini_handlers imgui_no_ini_handlers imgui_table_ini_handler imgui_no_table_ini_handler)

set(imgui_scan_number [=[bool ImGui::DataTypeApplyFromText(const char* buf, ImGuiDataType data_type, void* p_data, const char* format, void* p_data_when_empty)
{]=])
set(imgui_read_integer [=[bool ImGui::DataTypeApplyFromText(const char* buf, ImGuiDataType data_type, void* p_data, const char*, void*)
{
    // Czary: a whole number (InputInt), read with strtol (scripts/imgui-patches.cmake).
    IM_ASSERT(data_type == ImGuiDataType_S32);
    IM_UNUSED(data_type);
    while (ImCharIsBlankA(*buf))
        buf++;
    char* end = NULL;
    const long value = strtol(buf, &end, 10);
    if (end == buf)
        return false;
    const int before = *(int*)p_data;
    *(int*)p_data = (int)ImClamp(value, (long)IM_S32_MIN, (long)IM_S32_MAX);
    return *(int*)p_data != before;
}
#if 0  // ImGui's own, with sscanf
bool DataTypeApplyFromText_ImGui(const char* buf, ImGuiDataType data_type, void* p_data, const char* format, void* p_data_when_empty)
{]=])
set(imgui_after_scan_number "template<typename T>\nstatic int DataTypeCompareT(")
set(imgui_after_scan_number_patched "#endif\ntemplate<typename T>\nstatic int DataTypeCompareT(")
set(czary_imgui_patches_imgui_widgets.cpp imgui_scan_number imgui_read_integer imgui_after_scan_number imgui_after_scan_number_patched)

set(imgui_sdl_gamepads "static void ImGui_ImplSDL2_UpdateGamepads()\n{\n")
set(imgui_sdl_no_gamepads "${imgui_sdl_gamepads}    if (true) return;  // Czary: no gamepads (scripts/imgui-patches.cmake)\n")
set(czary_imgui_patches_imgui_impl_sdl2.cpp imgui_sdl_gamepads imgui_sdl_no_gamepads)

set(imgui_glsl_version [=[sscanf(bd->GlslVersionString, "#version %d", &glsl_version);]=])
set(imgui_glsl_version_digits [=[glsl_version = 0;  // Czary: "#version %d" without sscanf (scripts/imgui-patches.cmake)
    for (const char* digit = bd->GlslVersionString + 9; *digit >= '0' && *digit <= '9'; digit++)
        glsl_version = glsl_version * 10 + (*digit - '0');]=])
# Nothing else draws here: the frame sets what it needs before ImGui draws (platform/web/main.cpp,
# draw_and_show), and the dice's callback is followed by ImGui's reset of its own state
# (app/dice_view.cpp).
set(imgui_gl_backup "    // Backup GL state\n    GLenum last_active_texture;")
set(imgui_gl_no_backup "#if 0  // Czary: no GL state read back (scripts/imgui-patches.cmake)\n    GLenum last_active_texture;")
set(imgui_gl_backup_end "    // Setup desired GL state\n")
set(imgui_gl_no_backup_end "#endif\n    glActiveTexture(GL_TEXTURE0);\n    // Setup desired GL state\n")
set(imgui_gl_restore "    // Restore modified GL state\n    // This \"glIsProgram()\" check")
set(imgui_gl_no_restore "#if 0  // Czary: nothing to restore (scripts/imgui-patches.cmake)\n    // This \"glIsProgram()\" check")
set(imgui_gl_restore_end "    glScissor(last_scissor_box[0], last_scissor_box[1], (GLsizei)last_scissor_box[2], (GLsizei)last_scissor_box[3]);\n")
set(imgui_gl_no_restore_end "${imgui_gl_restore_end}#endif\n")
set(czary_imgui_patches_imgui_impl_opengl3.cpp imgui_glsl_version imgui_glsl_version_digits imgui_gl_backup imgui_gl_no_backup
    imgui_gl_backup_end imgui_gl_no_backup_end imgui_gl_restore imgui_gl_no_restore
    imgui_gl_restore_end imgui_gl_no_restore_end)

# czary_imgui_patched_copies(<imgui sources> <folder> <out-var>): the patched copies written to
# <folder> (czary_patched_copy, CMakeLists.txt), their paths in <out-var>.
function(czary_imgui_patched_copies imgui_dir folder out_var)
  set(copies "")
  foreach(file ${czary_imgui_patched_files})
    get_filename_component(name ${file} NAME)
    czary_patched_copy(${imgui_dir}/${file} ${folder}/${name} ${czary_imgui_patches_${name}})
    list(APPEND copies ${folder}/${name})
  endforeach()
  set(${out_var} ${copies} PARENT_SCOPE)
endfunction()

# As a script: each patched text found exactly once in the sources given as IMGUI.
if(CMAKE_SCRIPT_MODE_FILE AND CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  if(NOT IMGUI OR NOT EXISTS "${IMGUI}/imgui.h")
    message(FATAL_ERROR "give the ImGui sources: cmake -DIMGUI=<folder> -P ${CMAKE_CURRENT_LIST_FILE}")
  endif()
  set(failures 0)
  foreach(file ${czary_imgui_patched_files})
    get_filename_component(name ${file} NAME)
    file(READ ${IMGUI}/${file} text)
    set(pairs ${czary_imgui_patches_${name}})
    while(pairs)
      list(POP_FRONT pairs find_var replace_var)
      string(LENGTH "${text}" before)
      string(REPLACE "${${find_var}}" "" without "${text}")
      string(LENGTH "${without}" after)
      string(LENGTH "${${find_var}}" length)
      math(EXPR found "(${before} - ${after}) / ${length}")
      if(NOT found EQUAL 1)
        message(SEND_ERROR "${file}: the text of ${find_var} is found ${found} times, not once")
        math(EXPR failures "${failures} + 1")
      else()
        message(STATUS "${file}: ${find_var} found once")
      endif()
    endwhile()
  endforeach()
  if(failures)
    message(FATAL_ERROR "${failures} patched texts not found once: another version of ImGui?")
  endif()
endif()
