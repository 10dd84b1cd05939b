import { describe, expect, it } from 'vitest';
import { sigV4Signature } from '../fakes/s3.js';

// The fake S3 is only worth trusting if its verifier agrees with AWS's own worked examples
// ("Signature Calculations for the Authorization Header: Transferring Payload in a Single Chunk").
describe('the fake S3’s SigV4 verifier', () => {
  const example = {
    amzDate: '20130524T000000Z',
    region: 'us-east-1',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    query: new URLSearchParams(),
  };

  it('computes the signature of AWS’s GET Object example', () => {
    const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const signature = sigV4Signature({
      ...example,
      method: 'GET',
      path: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': emptyHash,
        'x-amz-date': example.amzDate,
      },
      payloadHash: emptyHash,
    });
    expect(signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

  it('computes the signature of AWS’s PUT Object example', () => {
    const payloadHash = '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072';
    const signature = sigV4Signature({
      ...example,
      method: 'PUT',
      path: '/test%24file.text',
      headers: {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        host: 'examplebucket.s3.amazonaws.com',
        'x-amz-content-sha256': payloadHash,
        'x-amz-date': example.amzDate,
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
      payloadHash,
    });
    expect(signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });
});
