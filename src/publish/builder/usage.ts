/**
 * What a publish cost: CPU time and peak memory, recorded with each build (publish_builds) and
 * reported by the benchmark per edit. A publish rendered in this process is measured here: the
 * process's CPU time over the publish, and its resident memory sampled while it runs. A full build's
 * child reports its own (astroBuild.ts).
 */
export interface Usage {
  cpuMs: number;
  peakRssMiB: number;
}

const MiB = 1024 * 1024;

export interface Meter {
  /** Stops sampling (once; later calls answer the same) and says what was used since the start. */
  stop(): Usage;
}

export function meterThisProcess(sampleMs = 10): Meter {
  const cpu = process.cpuUsage();
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), sampleMs);
  sampler.unref();
  let result: Usage | undefined;
  return {
    stop() {
      if (result) return result;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage.rss());
      const used = process.cpuUsage(cpu);
      return (result = { cpuMs: Math.round((used.user + used.system) / 1000), peakRssMiB: Math.round(peak / MiB) });
    },
  };
}

/** A child's own figures from `process.resourceUsage()` (microseconds, and kilobytes for maxRSS). */
export function usageFromResourceUsage(usage: { userCPUTime: number; systemCPUTime: number; maxRSS: number }): Usage {
  return {
    cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000),
    peakRssMiB: Math.round((usage.maxRSS * 1024) / MiB),
  };
}
