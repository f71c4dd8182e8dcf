/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <gio/gio.h>

#include "ms-gl-program.h"
#include "ms-gl-tile-renderer.h"
#include "ms-render-resources.h"

static GLuint
compile_shader (GLenum       type,
                const char  *resource,
                GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) relief = NULL;
  const char *sources[3];
  GLint lengths[3];
  GLsizei n = 0;
  GLint status = 0;
  GLuint shader;

  bytes = g_resource_lookup_data (ms_render_get_resource (), resource, 0, error);
  if (bytes == NULL)
    return 0;

  sources[n] = epoxy_is_desktop_gl () ? "#version 330 core\n"
                                      : "#version 300 es\n"
                                        "precision highp float;\nprecision highp int;\n"
                                        "precision highp sampler2D;\nprecision highp usampler2D;\n";
  lengths[n] = (GLint) strlen (sources[n]);
  n++;
  /* GLSL has no #include: the shared relief rules go before every fragment
   * shader. */
  if (type == GL_FRAGMENT_SHADER)
    {
      relief = g_resource_lookup_data (ms_render_get_resource (),
                                       "/io/github/mapsmith/Mapsmith/render/shaders/relief.glsl", 0, error);
      if (relief == NULL)
        return 0;
      sources[n] = g_bytes_get_data (relief, NULL);
      lengths[n] = (GLint) g_bytes_get_size (relief);
      n++;
    }
  sources[n] = g_bytes_get_data (bytes, NULL);
  lengths[n] = (GLint) g_bytes_get_size (bytes);
  n++;

  shader = glCreateShader (type);
  glShaderSource (shader, n, sources, lengths);
  glCompileShader (shader);
  glGetShaderiv (shader, GL_COMPILE_STATUS, &status);
  if (!status)
    {
      char log[2048] = "";
      glGetShaderInfoLog (shader, sizeof log, NULL, log);
      g_set_error (error, MS_GL_RENDERER_ERROR, MS_GL_RENDERER_ERROR_SHADER,
                   "Could not compile %s: %s", resource, log);
      glDeleteShader (shader);
      return 0;
    }
  return shader;
}

GLuint
ms_gl_program_new (const char  *vertex_resource,
                   const char  *fragment_resource,
                   GError     **error)
{
  GLuint vertex, fragment, program;
  GLint status = 0;

  vertex = compile_shader (GL_VERTEX_SHADER, vertex_resource, error);
  if (vertex == 0)
    return 0;
  fragment = compile_shader (GL_FRAGMENT_SHADER, fragment_resource, error);
  if (fragment == 0)
    {
      glDeleteShader (vertex);
      return 0;
    }

  program = glCreateProgram ();
  glAttachShader (program, vertex);
  glAttachShader (program, fragment);
  glBindAttribLocation (program, 0, "a_position");
  glBindAttribLocation (program, 1, "a_cell");
  glLinkProgram (program);
  glDeleteShader (vertex);
  glDeleteShader (fragment);
  glGetProgramiv (program, GL_LINK_STATUS, &status);
  if (!status)
    {
      char log[2048] = "";
      glGetProgramInfoLog (program, sizeof log, NULL, log);
      g_set_error (error, MS_GL_RENDERER_ERROR, MS_GL_RENDERER_ERROR_SHADER,
                   "Could not link %s and %s: %s", vertex_resource, fragment_resource, log);
      glDeleteProgram (program);
      return 0;
    }
  return program;
}
