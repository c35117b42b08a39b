/**
 * Per-user token bucket for the costly actions (draw, claim, vote, upload). In memory: one
 * process serves the reference deployment, and a lost bucket on restart only lets a user burst
 * once more. It runs as a preHandler, before any handler work, so a refused call (429) consumes
 * nothing. Each bucket holds `capacity` tokens and refills `refillPerSecond`.
 */
export type RateLimitedAction = 'draw' | 'claim' | 'vote' | 'upload';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token; false when the bucket is empty. */
  take(userId: string, action: RateLimitedAction): boolean {
    const key = `${action}:${userId}`;
    const t = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, updatedAt: t };
    const refilled = Math.min(
      this.capacity,
      bucket.tokens + ((t - bucket.updatedAt) / 1000) * this.refillPerSecond,
    );
    const allowed = refilled >= 1;
    this.buckets.set(key, { tokens: allowed ? refilled - 1 : refilled, updatedAt: t });
    if (this.buckets.size > 100_000) this.sweep(t);
    return allowed;
  }

  /** Drops full buckets so memory stays bounded. */
  private sweep(t: number) {
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((t - b.updatedAt) / 1000) * this.refillPerSecond >= this.capacity) {
        this.buckets.delete(key);
      }
    }
  }
}
