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
} as const;
