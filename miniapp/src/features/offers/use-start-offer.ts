import { useState } from 'react';
import { useNavigate } from '../../router';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { translate } from '../../i18n/translate';
import { offersTexts } from './messages';

/** Whether the offer sheet is open; opening it sends a visitor to sign in first, as the API would ask. */
export function useStartOffer() {
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [making, setMaking] = useState(false);
  const start = () => {
    if (!user) {
      toast.error(translate(offersTexts, 'offers.signInToOffer'));
      navigate('/login');
      return;
    }
    setMaking(true);
  };
  return { making, start, close: () => setMaking(false) };
}
