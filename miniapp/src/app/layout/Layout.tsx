import { Suspense } from 'react';
import { useTelegram } from '../../telegram/TelegramProvider';
import { Outlet } from '../../router';
import { Loading } from '../../components/Loading';
import { Footer } from './Footer';
import { Header } from './Header';
import { TabBar } from './TabBar';
import { useScrollRestoration } from './use-scroll-restoration';

/** SPEC §2: a shared header and footer surround all screens; inside Telegram a tab bar below them. */
export function Layout() {
  const { inside } = useTelegram();
  useScrollRestoration();
  return (
    <div className={inside ? 'layout layout--tabbar' : 'layout'}>
      <Header />
      <main className="main">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer inside={inside} />
      {inside ? <TabBar /> : null}
    </div>
  );
}
