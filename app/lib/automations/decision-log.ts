/**
 * The decisions of one evaluation as columns: the rule and the event by their index in the arrays
 * evaluated, the outcome and the reason. A week of 1,000 rules decides 670,000 fires, and an object
 * each costs more in garbage collection than the deciding; `at(i)` and `toArray()` make the objects
 * for the callers that read a page of them or all.
 */
import type { Automation, DeviceEvent } from "./model";

export type Decision = {
  ruleId: string;
  eventId: string;
  subject: string;
  time: number;
  outcome: "fired" | "skipped";
  reason: string;
};

/** The vehicle, or "company" for company-wide events. */
export const subjectOf = (e: DeviceEvent) => e.imei ?? "company";

export class DecisionLog {
  length = 0;
  rule: Int32Array = new Int32Array(1024);
  event: Int32Array = new Int32Array(1024);
  /** 1: fired, 0: skipped. */
  fired: Uint8Array = new Uint8Array(1024);
  reason: string[] = [];

  constructor(
    readonly rules: readonly Automation[],
    readonly events: readonly DeviceEvent[],
  ) {}

  push(rule: number, event: number, fired: boolean, reason: string): void {
    const n = this.length;
    if (n === this.rule.length) {
      this.rule = grow(this.rule, new Int32Array(n * 2));
      this.event = grow(this.event, new Int32Array(n * 2));
      this.fired = grow(this.fired, new Uint8Array(n * 2));
    }
    this.rule[n] = rule;
    this.event[n] = event;
    this.fired[n] = fired ? 1 : 0;
    this.reason.push(reason);
    this.length = n + 1;
  }

  /** Puts the decisions from `first` on in the order of `keyOf` their rule (a handful). */
  sortFrom(first: number, keyOf: Int32Array): void {
    const { rule, event, fired, reason } = this;
    for (let i = first + 1; i < this.length; i++) {
      const r = rule[i]!;
      const e = event[i]!;
      const f = fired[i]!;
      const why = reason[i]!;
      let j = i - 1;
      for (; j >= first && keyOf[rule[j]!]! > keyOf[r]!; j--) {
        rule[j + 1] = rule[j]!;
        event[j + 1] = event[j]!;
        fired[j + 1] = fired[j]!;
        reason[j + 1] = reason[j]!;
      }
      rule[j + 1] = r;
      event[j + 1] = e;
      fired[j + 1] = f;
      reason[j + 1] = why;
    }
  }

  at(i: number): Decision {
    const e = this.events[this.event[i]!]!;
    return {
      ruleId: this.rules[this.rule[i]!]!.id,
      eventId: e.id,
      subject: subjectOf(e),
      time: e.time,
      outcome: this.fired[i] ? "fired" : "skipped",
      reason: this.reason[i]!,
    };
  }

  toArray(): Decision[] {
    const out = new Array<Decision>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = this.at(i);
    return out;
  }
}

function grow<T extends Int32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
