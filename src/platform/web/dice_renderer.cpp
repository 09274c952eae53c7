#include "platform/web/dice_renderer.hpp"

#include <SDL_opengles2.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/app.hpp"
#include "platform/web/embedded_shaders.hpp"

namespace czary::platform {
namespace {

struct DiceProgram {
    GLuint program = 0;
    GLuint quad = 0;
    GLint corner = -1, to_object = -1, to_view = -1, body = -1, pip = -1;
};
DiceProgram dice;

GLuint compile(GLenum type, std::string_view source, const char* name) {
    const GLuint shader = glCreateShader(type);
    const char* text = source.data();
    const GLint length = static_cast<GLint>(source.size());
    glShaderSource(shader, 1, &text, &length);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024] = "";
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        std::fprintf(stderr, "dice shader %s: %s\n", name, log);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

}  // namespace

bool init_dice_renderer() {
    const auto vertex_source = shaders::file("dice.vert");
    const auto fragment_source = shaders::file("dice.frag");
    const GLuint vertex = compile(GL_VERTEX_SHADER, vertex_source, "dice.vert");
    const GLuint fragment = compile(GL_FRAGMENT_SHADER, fragment_source, "dice.frag");
    if (!vertex || !fragment) return false;
    dice.program = glCreateProgram();
    glAttachShader(dice.program, vertex);
    glAttachShader(dice.program, fragment);
    glLinkProgram(dice.program);
    GLint ok = 0;
    glGetProgramiv(dice.program, GL_LINK_STATUS, &ok);
    glDeleteShader(vertex);
    glDeleteShader(fragment);
    if (!ok) {
        std::fprintf(stderr, "dice shaders do not link\n");
        return false;
    }
    dice.corner = glGetAttribLocation(dice.program, "a_corner");
    dice.to_object = glGetUniformLocation(dice.program, "u_to_object");
    dice.to_view = glGetUniformLocation(dice.program, "u_to_view");
    dice.body = glGetUniformLocation(dice.program, "u_body");
    dice.pip = glGetUniformLocation(dice.program, "u_pip");
    const GLfloat corners[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    glGenBuffers(1, &dice.quad);
    glBindBuffer(GL_ARRAY_BUFFER, dice.quad);
    glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
    return true;
}

void draw_die(const ImDrawList*, const ImDrawCmd* command) {
    const auto& die = *static_cast<const app::App::DieDraw*>(command->UserCallbackData);
    const ImDrawData* frame = ImGui::GetDrawData();
    const ImVec2 scale = frame->FramebufferScale;
    const float height = frame->DisplaySize.y * scale.y;
    // The die's square and the clip rectangle of its window (a scrolled list cuts dice off).
    const ImVec4 clip = command->ClipRect;
    const float x0 = std::max(die.x, clip.x), y0 = std::max(die.y, clip.y);
    const float x1 = std::min(die.x + die.size, clip.z), y1 = std::min(die.y + die.size, clip.w);
    if (x1 <= x0 || y1 <= y0) return;
    glViewport(static_cast<GLint>(die.x * scale.x), static_cast<GLint>(height - (die.y + die.size) * scale.y),
               static_cast<GLsizei>(die.size * scale.x), static_cast<GLsizei>(die.size * scale.y));
    glEnable(GL_SCISSOR_TEST);
    glScissor(static_cast<GLint>(x0 * scale.x), static_cast<GLint>(height - y1 * scale.y), static_cast<GLsizei>((x1 - x0) * scale.x),
              static_cast<GLsizei>((y1 - y0) * scale.y));
    glDisable(GL_BLEND);
    glUseProgram(dice.program);
    // GL reads matrices column by column: the row-major rotation arrives transposed, which is
    // exactly the view -> die turn the shader needs; its transpose gives die -> view.
    glUniformMatrix3fv(dice.to_object, 1, GL_FALSE, die.rotation.data());
    glUniformMatrix3fv(dice.to_view, 1, GL_FALSE, app::transpose(die.rotation).data());
    glUniform3fv(dice.body, 1, die.body_colour);
    glUniform3fv(dice.pip, 1, die.pip_colour);
    glBindBuffer(GL_ARRAY_BUFFER, dice.quad);
    glEnableVertexAttribArray(static_cast<GLuint>(dice.corner));
    glVertexAttribPointer(static_cast<GLuint>(dice.corner), 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableVertexAttribArray(static_cast<GLuint>(dice.corner));
}

}  // namespace czary::platform
