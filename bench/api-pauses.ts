/** The API process's pauses while observed: a slow tail's first suspects, in-process. */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export interface ApiPauses {
  gcCount: number;
  gcLongestMs: number;
  gcTotalMs: number;
  /** The longest the API's event loop was late (a blocking task, a pause, the process descheduled). */
  loopDelayMaxMs: number;
}

export function apiPauses(): { stop(): ApiPauses } {
  const durations: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const observer = new PerformanceObserver((list) => durations.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      observer.disconnect();
      delay.disable();
      return {
        gcCount: durations.length,
        gcLongestMs: Math.max(0, ...durations),
        gcTotalMs: durations.reduce((sum, ms) => sum + ms, 0),
        loopDelayMaxMs: delay.max / 1e6,
      };
    },
  };
}

export function describePauses(pauses: ApiPauses): string {
  return (
    `the API: ${pauses.gcCount} garbage-collection pauses, ${pauses.gcTotalMs.toFixed(0)} ms in all, the longest ` +
    `${pauses.gcLongestMs.toFixed(0)} ms; its event loop late by ${pauses.loopDelayMaxMs.toFixed(0)} ms at most`
  );
}

/** Samples this process's RSS until stopped; the peak. */
export function peakRss(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return {
    stop() {
      clearInterval(sampler);
      return peak;
    },
  };
}
