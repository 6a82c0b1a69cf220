/**
 * The slots of the memory the server and the compression worker share (precompressor.ts,
 * compressWorker.ts): PAUSED is 1 while a publish runs, and a pass then waits before its next
 * file; WAITING counts the times a pass has waited (a test sees it stop).
 */
export const PAUSED = 0;
export const WAITING = 1;
export const CONTROL_SLOTS = 2;
