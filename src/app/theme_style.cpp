#include "app/theme_style.hpp"

namespace czary::app {

void apply_theme(ImGuiStyle& style) {
    using namespace theme;
    style.FramePadding = ImVec2(10, 13);  // 18 px text + 2 x 13: 44 px targets, checkboxes too
    style.ItemSpacing = ImVec2(8, 8);
    style.TouchExtraPadding = ImVec2(4, 4);
    style.ScrollbarSize = 6;
    style.GrabMinSize = 24;
    style.FrameRounding = rounding;
    style.ChildRounding = rounding;
    style.PopupRounding = rounding;
    style.GrabRounding = rounding;
    style.ScrollbarRounding = rounding;
    style.WindowRounding = 0;
    style.WindowBorderSize = 0;
    style.FrameBorderSize = 1;  // fields and check boxes stand out from the dark table

    ImVec4* c = style.Colors;
    c[ImGuiCol_Text] = vec(text);
    c[ImGuiCol_TextDisabled] = vec(text_disabled);
    c[ImGuiCol_WindowBg] = vec(window_bg);
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);  // pages lie on the window; the sheet and board colour their own
    c[ImGuiCol_PopupBg] = vec(popup_bg);
    c[ImGuiCol_Border] = vec(border);
    c[ImGuiCol_BorderShadow] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_FrameBg] = vec(frame_bg);
    c[ImGuiCol_FrameBgHovered] = vec(button_hovered);
    c[ImGuiCol_FrameBgActive] = vec(button_active);
    c[ImGuiCol_TitleBg] = c[ImGuiCol_TitleBgActive] = c[ImGuiCol_TitleBgCollapsed] = vec(tab_bar_bg);
    c[ImGuiCol_MenuBarBg] = vec(tab_bar_bg);
    c[ImGuiCol_ScrollbarBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_ScrollbarGrab] = vec(border);
    c[ImGuiCol_ScrollbarGrabHovered] = c[ImGuiCol_ScrollbarGrabActive] = vec(accent);
    c[ImGuiCol_CheckMark] = vec(accent);
    c[ImGuiCol_SliderGrab] = c[ImGuiCol_SliderGrabActive] = vec(accent);
    c[ImGuiCol_Button] = vec(button);
    c[ImGuiCol_ButtonHovered] = vec(button_hovered);
    c[ImGuiCol_ButtonActive] = vec(button_active);
    c[ImGuiCol_Header] = vec(header);
    c[ImGuiCol_HeaderHovered] = vec(button_hovered);
    c[ImGuiCol_HeaderActive] = vec(button_active);
    c[ImGuiCol_Separator] = c[ImGuiCol_SeparatorHovered] = c[ImGuiCol_SeparatorActive] = vec(border);
    c[ImGuiCol_Tab] = vec(button);
    c[ImGuiCol_TabHovered] = vec(button_hovered);
    c[ImGuiCol_TabSelected] = vec(chosen);
    c[ImGuiCol_TextSelectedBg] = ImVec4(accent.r / 255.0f, accent.g / 255.0f, accent.b / 255.0f, 0.35f);
    c[ImGuiCol_NavCursor] = vec(accent);
    c[ImGuiCol_ModalWindowDimBg] = ImVec4(0, 0, 0, 0.55f);
}

}  // namespace czary::app
