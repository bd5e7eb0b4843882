// Every limit of the transport, in one place. A leaf module: it imports nothing.

export type FrameLimits = { maxHeaderBytes: number; maxBodyBytes: number };

export const FRAME_LIMITS: FrameLimits = {
  /** Longest header block we read before declaring the frame broken. */
  maxHeaderBytes: 64 * 1024,
  /** Largest body we accept; larger frames are skipped without being buffered. */
  maxBodyBytes: 16 * 1024 * 1024,
};

export const STDERR_LIMITS = {
  /**
   * Longest diagnostic line in bytes, newline included. Under PIPE_BUF (4,096
   * on Linux), so a line goes into a pipe whole or not at all; the host reads
   * 8 KiB per line.
   */
  maxLineBytes: 4000,
  /** Where writes cannot be made non-blocking: bytes queued for a writer off the main thread before lines are dropped. */
  maxQueuedBytes: 64 * 1024,
  /** At exit, how long queued lines (the exit line among them) may take to reach a reader before we go without them. */
  exitFlushMs: 200,
} as const;

export const BATCH_LIMITS = {
  /** Requests served from one batch array; a larger batch gets one invalid-request error. */
  maxRequests: 1_000,
} as const;

/**
 * How long answers in flight may take to finish once the process is asked to
 * end, by reason. The host waits 500 ms for the answer to `shutdown` (then
 * 500 ms more, then kills), so what is in flight gets 400 ms before `null`
 * goes out. After a signal or with stdin closed, the bound is the host's hook
 * timeout: an answer later than that is no use to anyone.
 */
export type ExitGrace = { shutdown: number; signal: number; stdinClosed: number };

export const EXIT_GRACE_MS: ExitGrace = {
  shutdown: 400,
  signal: 5_000,
  stdinClosed: 5_000,
};
