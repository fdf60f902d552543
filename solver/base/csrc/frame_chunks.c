/* solver.base._frame_chunks: Python's frame stack keeps the chunks it frees (solver/base/frame_chunks.py).
 *
 * Python 3.11 and later keep the frames of Python functions in chunks of 16 KiB, mapped from the system
 * when a call needs a new one and unmapped as soon as the frames in it have returned. A search that recurses
 * back and forth across the edge of a chunk, as the searches here do millions of times, then maps and unmaps
 * memory at every such call (a system call each way, and fresh pages to fault in): a tenth of the time of some
 * chance searches. The chunks come from the allocator Python uses for its arenas; the one set here keeps up
 * to KEPT_MOST chunks it is given back and hands them out again, and leaves every other request to the
 * allocator it replaces. Python calls it with the GIL held, which guards the list of chunks kept; without a
 * GIL (a free-threaded build) it is not set. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define CHUNK_SIZE 16384 /* Python's DATA_STACK_CHUNK_SIZE (Python/pystate.c); arenas are far larger */
#define KEPT_MOST 64     /* 1 MiB at most kept */

static PyObjectArenaAllocator replaced;
static void *kept[KEPT_MOST];
static int kept_count;
static int keeping;

static void *keeping_alloc(void *ctx, size_t size) {
    (void)ctx;
    if (size == CHUNK_SIZE && kept_count > 0) return kept[--kept_count];
    return replaced.alloc(replaced.ctx, size);
}

static void keeping_free(void *ctx, void *ptr, size_t size) {
    (void)ctx;
    if (size == CHUNK_SIZE && kept_count < KEPT_MOST) {
        kept[kept_count++] = ptr;
        return;
    }
    replaced.free(replaced.ctx, ptr, size);
}

static PyObject *keep(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
#ifdef Py_GIL_DISABLED
    Py_RETURN_FALSE;
#else
    if (!keeping) {
        PyObjectArenaAllocator mine = {NULL, keeping_alloc, keeping_free};
        PyObject_GetArenaAllocator(&replaced);
        PyObject_SetArenaAllocator(&mine);
        keeping = 1;
    }
    Py_RETURN_TRUE;
#endif
}

static PyObject *kept_now(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyLong_FromLong(kept_count);
}

static PyMethodDef methods[] = {
    {"keep", keep, METH_NOARGS, "keep() -> bool: from now on, freed frame chunks are kept for reuse (False: not here)."},
    {"kept", kept_now, METH_NOARGS, "kept() -> int: the chunks kept now, ready for reuse."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "solver.base._frame_chunks",
    "Python's frame stack keeps the chunks it frees (see solver/base/frame_chunks.py).", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__frame_chunks(void) { return PyModule_Create(&module); }
