// Every limit of the transport, in one place. A leaf module: it imports nothing.

export type FrameLimits = { maxHeaderBytes: number; maxBodyBytes: number };

export const FRAME_LIMITS: FrameLimits = {
  /** Longest header block we read before declaring the frame broken. */
  maxHeaderBytes: 64 * 1024,
  /** Largest body we accept; larger frames are skipped without being buffered. */
  maxBodyBytes: 16 * 1024 * 1024,
};
