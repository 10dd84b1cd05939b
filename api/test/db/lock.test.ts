import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '@stickerdrop/core';
import { lockDataDir } from '@stickerdrop/core/testing';

describe('PGlite data dir lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('refuses a second holder while a live process has it', () => {
    const dir = tempDir();
    // Pretend another live process (our parent) holds the lock.
    fs.writeFileSync(path.join(dir, '.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by process/);
  });

  it('takes over a lock left by a dead process and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
  });
});
