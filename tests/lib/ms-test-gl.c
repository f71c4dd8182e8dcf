/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <epoxy/egl.h>
#include <epoxy/gl.h>

#include "ms-test-gl.h"

struct _MsTestGl
{
  EGLDisplay display;
  EGLContext context;
  GLuint     framebuffer;
  GLuint     colour;
  int        width, height;
};

MsTestGl *
ms_test_gl_new (int width,
                int height)
{
  static const EGLint context_attributes[] = {
    EGL_CONTEXT_MAJOR_VERSION, 3,
    EGL_CONTEXT_MINOR_VERSION, 3,
    EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
    EGL_NONE
  };
  MsTestGl *gl = g_new0 (MsTestGl, 1);
  EGLint major, minor;
  GLenum status;

  gl->width = width;
  gl->height = height;
  gl->display = eglGetPlatformDisplayEXT (EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  g_assert_true (gl->display != EGL_NO_DISPLAY);
  if (!eglInitialize (gl->display, &major, &minor))
    g_error ("EGL (Mesa, surfaceless) is not available: 0x%x", eglGetError ());
  g_assert_true (eglBindAPI (EGL_OPENGL_API));
  gl->context = eglCreateContext (gl->display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, context_attributes);
  if (gl->context == EGL_NO_CONTEXT)
    g_error ("Could not create an OpenGL 3.3 core context: 0x%x", eglGetError ());
  g_assert_true (eglMakeCurrent (gl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, gl->context));

  glGenRenderbuffers (1, &gl->colour);
  glBindRenderbuffer (GL_RENDERBUFFER, gl->colour);
  glRenderbufferStorage (GL_RENDERBUFFER, GL_RGBA8, width, height);
  glGenFramebuffers (1, &gl->framebuffer);
  glBindFramebuffer (GL_FRAMEBUFFER, gl->framebuffer);
  glFramebufferRenderbuffer (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, gl->colour);
  status = glCheckFramebufferStatus (GL_FRAMEBUFFER);
  g_assert_cmphex (status, ==, GL_FRAMEBUFFER_COMPLETE);
  return gl;
}

void
ms_test_gl_free (MsTestGl *gl)
{
  glDeleteFramebuffers (1, &gl->framebuffer);
  glDeleteRenderbuffers (1, &gl->colour);
  eglMakeCurrent (gl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext (gl->display, gl->context);
  /* No eglTerminate(): it unloads Mesa's driver, and the sanitizers could
   * then no longer name the driver's own allocations (see lsan.supp). */
  g_free (gl);
}

void
ms_test_gl_bind (MsTestGl *gl)
{
  glBindFramebuffer (GL_FRAMEBUFFER, gl->framebuffer);
}

guint32 *
ms_test_gl_read (MsTestGl *gl)
{
  g_autofree guint8 *rgba = g_malloc ((gsize) gl->width * gl->height * 4);
  guint32 *argb = g_new (guint32, (gsize) gl->width * gl->height);

  glBindFramebuffer (GL_FRAMEBUFFER, gl->framebuffer);
  glPixelStorei (GL_PACK_ALIGNMENT, 4);
  glReadPixels (0, 0, gl->width, gl->height, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  g_assert_cmphex (glGetError (), ==, GL_NO_ERROR);

  /* GL's row 0 is the bottom one. */
  for (int y = 0; y < gl->height; y++)
    for (int x = 0; x < gl->width; x++)
      {
        const guint8 *p = rgba + ((gsize) (gl->height - 1 - y) * gl->width + x) * 4;
        argb[(gsize) y * gl->width + x] = 0xff000000u | (guint32) p[0] << 16 | (guint32) p[1] << 8 | p[2];
      }
  return argb;
}

int
ms_test_gl_max_texture_size (MsTestGl *gl)
{
  GLint size = 0;
  glGetIntegerv (GL_MAX_TEXTURE_SIZE, &size);
  return size;
}
