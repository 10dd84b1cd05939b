import { Copy } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { useT } from '../../i18n/translate';
import { copyText } from '../../telegram/share';
import { useToast } from '../../toast/ToastProvider';
import { profileTexts } from './messages';

/** A wallet address as people compare them: its first six and last four characters. */
export function shortAddress(address: string): string {
  return address.length > 13 ? `${address.slice(0, 6)}\u2026${address.slice(-4)}` : address;
}

/** The linked wallet, shortened so it fits a phone, with the whole address a tap away on the clipboard. */
export function WalletAddress({ address }: { address: string | null }) {
  const t = useT(profileTexts);
  const toast = useToast();
  if (!address) return <>{t('profile.account.walletNotLinked')}</>;
  const copy = async () => {
    if (await copyText(address)) toast.success(t('profile.account.walletCopied'));
    else toast.error(t('profile.account.walletCopyFailed'));
  };
  return (
    <span className="profile__wallet">
      <span title={address}>{shortAddress(address)}</span>
      <button
        type="button"
        className="profile__copy"
        aria-label={t('profile.account.copyWallet')}
        title={t('profile.account.copyWallet')}
        onClick={() => void copy()}
      >
        <Icon icon={Copy} size={16} />
      </button>
    </span>
  );
}
