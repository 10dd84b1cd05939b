export { LinkWalletButton } from './LinkWalletButton';
export { PayoutWalletAsk } from './PayoutWalletAsk';
export { TonPayButton } from './TonPayButton';
export { TonLegsNote } from './TonLegsNote';
export { payWithTonConnect, loadTonConnect, linkWalletWithProof, WalletDismissedError } from './ton-connect';
export { orderFailure } from './order-outcome';
