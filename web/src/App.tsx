/**
 * The route table (docs/product.md has a section per page); pages load lazily so the first page stays small. The
 * landing and sign-in pages are part of the app's shell, which the offline worker keeps: signing out offline lands
 * on /login (lib/session.ts), and a lazy page the device never loaded would not open there.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { MainLayout, MinimalLayout, SessionLayout } from './components/MainLayout.tsx';
import LoginPage from './features/auth/LoginPage.tsx';
import { ProtectedRoute } from './features/auth/ProtectedRoute.tsx';
import LandingPage from './features/landing/LandingPage.tsx';

const MyTripsPage = lazy(() => import('./features/myTrips/MyTripsPage.tsx'));
const TripPage = lazy(() => import('./pages/TripPage.tsx'));
const AdminPage = lazy(() => import('./features/admin/AdminPage.tsx'));
const NotFoundPage = lazy(() => import('./features/notFound/NotFoundPage.tsx'));
const SharePage = lazy(() => import('./pages/SharePage.tsx'));
const InvitationPage = lazy(() => import('./features/invitation/InvitationPage.tsx'));
const AccountPage = lazy(() => import('./features/account/AccountPage.tsx'));
const ForgotPasswordPage = lazy(() => import('./features/account/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('./features/account/ResetPasswordPage.tsx'));

const pageFallback = <div className="page" aria-busy="true" />;

export function App() {
  return (
    <Suspense fallback={pageFallback}>
      <Routes>
        <Route path="/" element={<SessionLayout><LandingPage /></SessionLayout>} />
        <Route path="/login" element={<MinimalLayout><LoginPage /></MinimalLayout>} />
        <Route
          path="/trips"
          element={<ProtectedRoute>{(user) => <MainLayout user={user}><MyTripsPage /></MainLayout>}</ProtectedRoute>}
        />
        <Route
          path="/trips/:tripId"
          element={<ProtectedRoute>{(user) => <MainLayout user={user}><TripPage user={user} /></MainLayout>}</ProtectedRoute>}
        />
        <Route
          path="/trips/:tripId/today"
          element={<ProtectedRoute>{(user) => <MainLayout user={user}><TripPage user={user} /></MainLayout>}</ProtectedRoute>}
        />
        <Route
          path="/account"
          element={<ProtectedRoute>{(user) => <MainLayout user={user}><AccountPage user={user} /></MainLayout>}</ProtectedRoute>}
        />
        <Route path="/forgot-password" element={<MinimalLayout><ForgotPasswordPage /></MinimalLayout>} />
        <Route path="/reset-password" element={<MinimalLayout><ResetPasswordPage /></MinimalLayout>} />
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/share/:shareToken" element={<MinimalLayout><SharePage /></MinimalLayout>} />
        <Route
          path="/invitation/:token"
          element={<ProtectedRoute>{() => <MinimalLayout><InvitationPage /></MinimalLayout>}</ProtectedRoute>}
        />
        <Route path="*" element={<MinimalLayout><NotFoundPage /></MinimalLayout>} />
      </Routes>
    </Suspense>
  );
}
