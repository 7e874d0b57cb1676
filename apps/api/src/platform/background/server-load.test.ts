import { describe, expect, it } from 'vitest';
import { createLoadGauge, type LoopSample } from './server-load.js';

describe('the load gauge', () => {
  // A loop that has run `active` and waited `idle` ms in all, at time `at`.
  const loop = () => {
    const state = { at: 0, sample: { active: 0, idle: 0 } as LoopSample };
    const pass = (active: number, idle: number) => {
      state.at += active + idle;
      state.sample = { active: state.sample.active + active, idle: state.sample.idle + idle };
    };
    const busy = createLoadGauge({ sample: () => state.sample, now: () => state.at, windowMs: 1000 });
    return { pass, busy };
  };

  it('says busy after a second mostly spent running code, and idle after one mostly waiting', () => {
    const { pass, busy } = loop();
    pass(800, 200);
    expect(busy()).toBe(true);
    pass(100, 900);
    expect(busy()).toBe(false);
  });

  it('keeps its answer until the window has passed', () => {
    const { pass, busy } = loop();
    pass(900, 100);
    expect(busy()).toBe(true);
    pass(0, 500);
    expect(busy()).toBe(true);
    pass(0, 500);
    expect(busy()).toBe(false);
  });
});
