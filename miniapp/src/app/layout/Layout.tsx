import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Footer } from './Footer';
import { Header } from './Header';

/** SPEC §2: a shared header and footer surround all screens. */
export function Layout() {
  return (
    <div className="layout">
      <Header />
      <main className="main">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
