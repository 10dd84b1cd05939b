export { LinkWalletButton } from './LinkWalletButton';
export { PayoutWalletAsk } from './PayoutWalletAsk';
export { TonPayButton } from './TonPayButton';
export { payWithTonConnect, loadTonConnect, linkWalletWithProof, WalletDismissedError } from './ton-connect';
export { orderFailure } from './order-outcome';
