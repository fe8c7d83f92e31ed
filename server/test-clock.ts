import type express from "express";

/**
 * A clock the browser tests can move forward (TEST_CLOCK=1, never in production): every `Date.now()`
 * and `new Date()` of this process (the app, its built-in simulator, its jobs) reads the shifted
 * time, so a test sees a one-minute link expire without waiting a minute. PostgreSQL's own now()
 * is not shifted: code that must follow this clock compares times in JavaScript.
 */
let offsetMs = 0;
let installed = false;

export function installTestClock() {
  if (installed) return;
  installed = true;
  const Real = Date;
  // A subclass keeps parsing, UTC methods and instanceof; only "now" moves.
  class Shifted extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(Real.now() + offsetMs);
      else super(...(args as [string | number | Date]));
    }
    static now() {
      return Real.now() + offsetMs;
    }
  }
  globalThis.Date = Shifted as DateConstructor;
}

/** POST /__test/clock?advanceMs=N from this machine moves the clock on; answers the offset. */
export function testClockRoute(app: express.Express) {
  app.post("/__test/clock", (req, res) => {
    const local = ["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(req.socket.remoteAddress ?? "");
    const advance = Number(req.query.advanceMs);
    if (!local || !installed) return void res.status(404).end();
    if (!Number.isFinite(advance) || advance < 0 || advance > 366 * 86_400_000)
      return void res.status(400).type("text/plain").send("advanceMs: 0 to a year");
    offsetMs += advance;
    res.type("application/json").send(JSON.stringify({ offsetMs }));
  });
}
