import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executable, mediaBinaries } from '@stickerdrop/core/testing';

describe('the shipped ffmpeg and ffprobe', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-binaries-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('are found and executable here', () => {
    const { ffmpeg, ffprobe } = mediaBinaries();
    for (const file of [ffmpeg, ffprobe]) expect(() => fs.accessSync(file, fs.constants.X_OK)).not.toThrow();
  });

  it('when the install script that makes them executable did not run, say so and how to fix it', () => {
    // As the package ships it: no execute bit for anyone (root too is refused without one).
    const shipped = path.join(dir, 'ffprobe');
    fs.writeFileSync(shipped, '#!/bin/sh\n');
    fs.chmodSync(shipped, 0o644);
    expect(() => executable('ffprobe', shipped)).toThrow(
      `ffprobe at ${shipped} is missing or not executable by this user`,
    );
    expect(() => executable('ffprobe', shipped)).toThrow(`chmod +x ${shipped}`);
    expect(() => executable('ffmpeg', path.join(dir, 'absent'))).toThrow('missing or not executable');

    fs.chmodSync(shipped, 0o744);
    expect(executable('ffprobe', shipped)).toBe(shipped);
  });
});
