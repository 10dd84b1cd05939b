import { useCallback } from 'react';
import { useNavigate } from '../router';

/** Back in the app's history; Home when the app was opened straight on this screen. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, [navigate]);
}
