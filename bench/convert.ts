/**
 * Animated sticker conversion: a 3 s, 30 fps, 512×512 GIF made by the shipped ffmpeg becomes a
 * VP9 WEBM sticker through the same code and pool as an upload. Prints the time of one conversion, the
 * peak memory of its ffmpeg process (VmHWM, read from /proc while it runs) and of this process, then
 * submits twice UPLOAD_CONCURRENCY conversions at once and prints how many ran at the same time.
 *
 *   npm run bench:convert
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createImagePool, loadConfig } from '@stickerdrop/core';
import { mediaBinaries, renderVideoSticker } from '@stickerdrop/core/testing';

const run = promisify(execFile);

/** The peak resident memory (kB) of this process's children seen so far, sampled every 20 ms. */
function watchChildren(): { stop: () => number } {
  let peak = 0;
  const sample = () => {
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
        if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
        peak = Math.max(peak, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      } catch {
        // The process ended between the listing and the read.
      }
    }
  };
  const timer = setInterval(sample, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickerdrop-bench-'));
  const gifPath = path.join(dir, 'clip.gif');
  await run(mediaBinaries().ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=512x512:rate=30:duration=3', gifPath],
  ]);
  const gif = fs.readFileSync(gifPath);
  console.log(`Source: 3 s, 30 fps, 512×512 GIF, ${(gif.length / 1024).toFixed(0)} KB`);

  const watcher = watchChildren();
  const started = performance.now();
  const sticker = await renderVideoSticker({ path: gifPath, size: gif.length }, 'gif', 'stickers');
  const seconds = (performance.now() - started) / 1000;
  const childPeakKb = watcher.stop();
  console.log(`One conversion: ${seconds.toFixed(2)} s wall, WEBM ${(sticker.bytes.length / 1024).toFixed(0)} KB`);
  console.log(
    `  peak memory: ffmpeg ${(childPeakKb / 1024).toFixed(0)} MB (VmHWM), this process RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`,
  );

  const { concurrency, maxQueued } = config.uploads;
  const pool = createImagePool({ concurrency, maxQueued });
  const jobs = concurrency * 2;
  const crowd = watchChildren();
  const crowdStarted = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: jobs }, () =>
      pool.run(() => renderVideoSticker({ path: gifPath, size: gif.length }, 'gif', 'stickers')),
    ),
  );
  const crowdSeconds = (performance.now() - crowdStarted) / 1000;
  const converted = results.filter((result) => result.status === 'fulfilled').length;
  console.log(
    `${jobs} uploads at once (UPLOAD_CONCURRENCY=${concurrency}, UPLOAD_QUEUE=${maxQueued}): ${converted} converted, ` +
      `at most ${pool.peakActive} at the same time, ${crowdSeconds.toFixed(2)} s wall, ` +
      `largest ffmpeg ${(crowd.stop() / 1024).toFixed(0)} MB`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
