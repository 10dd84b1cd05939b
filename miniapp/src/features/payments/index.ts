export { LinkWalletButton } from './LinkWalletButton';
export { TonPayButton } from './TonPayButton';
export { payWithTonConnect, loadTonConnect, linkWalletWithProof, WalletDismissedError } from './ton-connect';
export { orderFailure } from './order-outcome';
