/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <epoxy/gl.h>
#include <glib.h>

G_BEGIN_DECLS

/* Builds a program from two shaders in the render resource, for desktop
 * GL 3.3 core or GLES 3.0 (the preamble differs, the bodies do not), with
 * a_position at attribute 0 and a_cell at 1.  Errors are
 * MS_GL_RENDERER_ERROR_SHADER; 0 on failure. */
GLuint ms_gl_program_new (const char  *vertex_resource,
                          const char  *fragment_resource,
                          GError     **error);

G_END_DECLS
