//===- ThreadsAndMappings.cpp - heapcount on Linux: threads, mappings -----===//
//
// The bookkeeping around the heap hooks: each thread's counter block (held
// in a pthread key so that it is released when the thread ends), fork, and
// the program's own mapping calls (mmap, munmap, mremap, brk, sbrk), which
// are counted apart from the heap calls.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/linux/InterposeInternal.h"

#include <atomic>
#include <cstdarg>
#include <cstdint>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

using heapcount::OsFn;
using heapcount::ThreadBlock;
using namespace heapcount::interpose;

// Releases a thread's block when it ends (pthread TLS destructors).
pthread_key_t heapcount::interpose::BlockKey;
bool heapcount::interpose::HaveBlockKey = false;

void heapcount::interpose::releaseBlock(void *Block) {
  heapcount::releaseThreadBlock(static_cast<ThreadBlock *>(Block));
  // Whatever this thread still allocates on its way out is counted in the
  // shared block, not in one a new thread may have claimed.
  setMine(heapcount::sharedThreadBlock());
}

void heapcount::interpose::afterForkChild() {
  ForkedChild = true;
  heapcount::afterForkInChild(mine());
}

// Threads, processes and the OS mapping calls.

extern "C" {

// The process stays single-threaded until this (or thrd_create below) runs:
// Counters then switches the process-wide live-bytes counter to locked
// updates. A thread started another way (glibc's own helper threads, a raw
// clone) is noticed when it first counts something (claimThreadBlock).
int pthread_create(pthread_t *Thread, const pthread_attr_t *Attr,
                   void *(*Start)(void *), void *Arg) {
  ensureResolved();
  heapcount::noteThreadsStarting();
  return Real.PthreadCreate(Thread, Attr, Start, Arg);
}

// C11 threads: glibc's thrd_create calls its pthread_create internally.
// NOLINTNEXTLINE(readability-identifier-naming): the C symbol.
int thrd_create(pthread_t *Thread, int (*Start)(void *), void *Arg) {
  ensureResolved();
  heapcount::noteThreadsStarting();
  return Real.ThrdCreate(Thread, Start, Arg);
}

// Before the allocator is resolved (dlsym itself may map memory), the
// mapping calls go straight to the kernel.
void *mmap(void *Address, std::size_t Length, int Protection, int Flags, int Fd,
           off_t Offset) {
  if (!Resolved.load(std::memory_order_acquire) || !Real.Mmap)
    return addressFromKernel(
        syscall(SYS_mmap, Address, Length, Protection, Flags, Fd, Offset));
  if (!InHook)
    heapcount::countOsCall(block(), OsFn::Mmap, Length);
  return Real.Mmap(Address, Length, Protection, Flags, Fd, Offset);
}

void *mmap64(void *Address, std::size_t Length, int Protection, int Flags,
             int Fd, off_t Offset) {
  return mmap(Address, Length, Protection, Flags, Fd, Offset);
}

int munmap(void *Address, std::size_t Length) {
  if (!Resolved.load(std::memory_order_acquire) || !Real.Munmap)
    return static_cast<int>(syscall(SYS_munmap, Address, Length));
  if (!InHook)
    heapcount::countOsCall(block(), OsFn::Munmap, Length);
  return Real.Munmap(Address, Length);
}

void *mremap(void *Old, std::size_t OldLength, std::size_t NewLength, int Flags,
             ...) {
  void *NewAddress = nullptr;
  if (Flags & MREMAP_FIXED) {
    va_list Args;
    va_start(Args, Flags);
    NewAddress = va_arg(Args, void *);
    va_end(Args);
  }
  if (!Resolved.load(std::memory_order_acquire) || !Real.Mremap)
    return addressFromKernel(
        syscall(SYS_mremap, Old, OldLength, NewLength, Flags, NewAddress));
  if (!InHook)
    heapcount::countOsCall(block(), OsFn::Mremap, NewLength);
  return Real.Mremap(Old, OldLength, NewLength, Flags, NewAddress);
}

int brk(void *End) {
  ensureResolved();
  if (!InHook)
    heapcount::countOsCall(block(), OsFn::Brk, 0);
  return Real.Brk(End);
}

void *sbrk(intptr_t Increment) {
  ensureResolved();
  if (!InHook)
    heapcount::countOsCall(block(), OsFn::Sbrk,
                           Increment > 0 ? static_cast<std::size_t>(Increment)
                                         : 0);
  return Real.Sbrk(Increment);
}

} // extern "C"
