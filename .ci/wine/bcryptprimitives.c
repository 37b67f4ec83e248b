/*
 * A stand-in for Windows' bcryptprimitives.dll, for Wine 8 only.
 *
 * Why: Rust's std imports ProcessPrng from bcryptprimitives.dll since Rust
 * 1.78 (HashMap's random keys and every other use of the system's random
 * numbers). Wine 8.0, Debian 12's wine64, has no such DLL, so every Rust
 * program for Windows fails to start under it, before main, with
 * "Library bcryptprimitives.dll ... not found". Later Wines ship their own;
 * .ci/cross.sh then leaves this one out.
 *
 * What: ProcessPrng alone, filling the buffer from RtlGenRandom (advapi32's
 * SystemFunction036), which Wine 8 has. Windows documents ProcessPrng as
 * always returning TRUE; this one returns FALSE only if RtlGenRandom fails.
 *
 * .ci/cross.sh setup builds it with mingw-w64 (no C runtime, imports from
 * advapi32 only; the exports are in bcryptprimitives.def) and copies it into
 * the wine prefix's system32. No binary of it is committed.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}

/* The entry point (linked with -nostdlib, so no C runtime runs first). */
BOOL WINAPI DllMain(HINSTANCE instance, DWORD reason, LPVOID reserved)
{
    (void)instance;
    (void)reason;
    (void)reserved;
    return TRUE;
}
