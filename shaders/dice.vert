// One die: a quad covering the die's square on screen (the viewport is set to it); the
// fragment shader finds the die inside by ray marching.
attribute vec2 a_corner;  // -1..1
varying vec2 v_uv;

void main() {
    v_uv = a_corner;
    gl_Position = vec4(a_corner, 0.0, 1.0);
}
