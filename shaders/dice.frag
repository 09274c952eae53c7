// A six-sided die with rounded edges and pips, seen from the front (orthographic), turned by
// u_to_object (view -> die space, the inverse of the pose the app animates). Faces: 1 +z, 6 -z,
// 2 +x, 5 -x, 3 +y, 4 -y (opposite faces add up to 7), as src/controller/dice_pose.cpp assumes.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif

varying vec2 v_uv;
uniform mat3 u_to_object;
uniform mat3 u_to_view;
uniform vec3 u_body;
uniform vec3 u_pip;

float rounded_cube(vec3 p) {
    vec3 q = abs(p) - vec3(0.74);
    return length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0) - 0.26;
}

vec3 normal_at(vec3 p) {
    const vec2 e = vec2(0.002, -0.002);
    return normalize(e.xyy * rounded_cube(p + e.xyy) + e.yyx * rounded_cube(p + e.yyx) +
                     e.yxy * rounded_cube(p + e.yxy) + e.xxx * rounded_cube(p + e.xxx));
}

float pip(vec2 f, vec2 centre) {
    return 1.0 - smoothstep(0.15, 0.19, length(f - centre));
}

// How much of a pip covers the point f (-1..1 on the face) of the face showing n.
float pips(vec2 f, float n) {
    const float c = 0.5;
    float mask = 0.0;
    if (mod(n, 2.0) > 0.5) mask += pip(f, vec2(0.0));
    if (n > 1.5) mask += pip(f, vec2(-c, -c)) + pip(f, vec2(c, c));
    if (n > 3.5) mask += pip(f, vec2(-c, c)) + pip(f, vec2(c, -c));
    if (n > 5.5) mask += pip(f, vec2(-c, 0.0)) + pip(f, vec2(c, 0.0));
    return clamp(mask, 0.0, 1.0);
}

void main() {
    vec3 origin = u_to_object * vec3(v_uv * 1.45, 4.0);
    vec3 direction = u_to_object * vec3(0.0, 0.0, -1.0);
    float t = 0.0;
    float d = 1.0;
    for (int i = 0; i < 64; ++i) {
        d = rounded_cube(origin + direction * t);
        if (d < 0.002 || t > 8.0) break;
        t += d;
    }
    if (d > 0.01) discard;  // outside the die: the tray shows through
    vec3 p = origin + direction * t;
    vec3 a = abs(p);
    float face;
    vec2 f;
    if (a.z >= a.x && a.z >= a.y) {
        face = p.z > 0.0 ? 1.0 : 6.0;
        f = p.xy;
    } else if (a.x >= a.y) {
        face = p.x > 0.0 ? 2.0 : 5.0;
        f = p.zy;
    } else {
        face = p.y > 0.0 ? 3.0 : 4.0;
        f = p.xz;
    }
    vec3 n = normalize(u_to_view * normal_at(p));
    vec3 light = normalize(vec3(-0.45, 0.55, 0.7));
    float diffuse = max(dot(n, light), 0.0);
    float specular = pow(max(dot(reflect(-light, n), vec3(0.0, 0.0, 1.0)), 0.0), 24.0);
    vec3 colour = mix(u_body, u_pip, pips(f, face));
    gl_FragColor = vec4(colour * (0.35 + 0.7 * diffuse) + vec3(0.35 * specular), 1.0);
}
