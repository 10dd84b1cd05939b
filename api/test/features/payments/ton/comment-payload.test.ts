import { Cell, beginCell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { MAX_TON_COMMENT_BYTES, tonCommentPayload } from '@stickerdrop/shared';
import { commentOf } from '@stickerdrop/core';

describe('the mini-app’s comment payload', () => {
  it('is the same cell @ton/core builds, and the watcher reads the comment back', () => {
    for (const comment of ['5f0c6a3e-1b2d-4c5e-8f90-123456789abc', 'héllo 💎', '']) {
      const payload = tonCommentPayload(comment);
      const expected = beginCell().storeUint(0, 32).storeStringTail(comment).endCell();
      expect(Cell.fromBase64(payload).equals(expected)).toBe(true);
      expect(commentOf({ body: payload })).toBe(comment);
    }
  });

  it('refuses text that does not fit one cell', () => {
    expect(() => tonCommentPayload('x'.repeat(MAX_TON_COMMENT_BYTES))).not.toThrow();
    expect(() => tonCommentPayload('x'.repeat(MAX_TON_COMMENT_BYTES + 1))).toThrow();
  });
});
