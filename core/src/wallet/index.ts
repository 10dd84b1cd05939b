export {
  checkTonProof,
  tonProofDigest,
  publicKeyFromStateInit,
  TON_PROOF_MAX_AGE_S,
  type TonProofCheck,
} from './ton-proof.js';
export { issueTonProofPayload, consumeTonProofPayload, TON_PROOF_PAYLOAD_TTL_MS } from './payloads.js';
export { tonConnectManifest, tonConnectIcon } from './manifest.js';
export { linkWallet } from './link-wallet.js';
