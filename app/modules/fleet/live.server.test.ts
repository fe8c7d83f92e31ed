import { afterEach, describe, expect, it, vi } from "vitest";
import {
  diffFields,
  mergeChange,
  publish,
  subscribe,
  subscriberCount,
  type DeviceChange,
} from "./live.server";

afterEach(() => vi.useRealTimers());

describe("live merge", () => {
  it("sends only changed fields", () => {
    expect(
      diffFields(
        "1",
        { lat: 1, lng: 2, nickname: "A", tags: [{ id: 1 }] },
        { lat: 1, lng: 3, nickname: "A", tags: [{ id: 1 }] },
      ),
    ).toEqual({ imei: "1", lng: 3 });
    expect(diffFields("1", { lat: 1 }, { lat: 1 })).toBeNull();
    expect(diffFields("1", undefined, { lat: 1 })).toEqual({ imei: "1", lat: 1 });
  });
  it("merges a burst per device, later values winning", () => {
    const pending = new Map<string, DeviceChange>();
    mergeChange(pending, { imei: "a", lat: 1, speed: 10 });
    mergeChange(pending, { imei: "a", lat: 2 });
    mergeChange(pending, { imei: "b", lat: 5 });
    expect([...pending.values()]).toEqual([
      { imei: "a", lat: 2, speed: 10 },
      { imei: "b", lat: 5 },
    ]);
  });
  it("delivers one merged batch per flush, only to the company's subscribers", () => {
    vi.useFakeTimers();
    const mine: DeviceChange[][] = [];
    const theirs: DeviceChange[][] = [];
    const un1 = subscribe(1, (b) => mine.push(b), 1000);
    const un2 = subscribe(2, (b) => theirs.push(b), 1000);
    for (let i = 0; i < 100; i++)
      publish(1, [
        { imei: "a", lat: i },
        { imei: "b", speed: i },
      ]);
    expect(mine).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(mine).toEqual([
      [
        { imei: "a", lat: 99 },
        { imei: "b", speed: 99 },
      ],
    ]);
    expect(theirs).toEqual([]);
    expect(subscriberCount(1)).toBe(1);
    un1();
    un2();
    publish(1, [{ imei: "a", lat: 1 }]);
    vi.advanceTimersByTime(2000);
    expect(mine.length).toBe(1);
    expect(subscriberCount()).toBe(0);
  });
});
