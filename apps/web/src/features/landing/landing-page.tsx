import { Suspense } from 'react';
import { Hero } from './components/hero';
import { LandingFooter } from './components/landing-footer';
import { SecuritySection } from './components/security-section';
import { ServicesSection } from './components/services-section';
import { SupportSection } from './components/support-section';
import { TherapistsSection } from './components/therapists-section';

/**
 * /: what Rozmova offers, who the therapists are, how to get help and how data is protected.
 * The page comes pre-rendered; each section is its own Suspense boundary so that React hydrates them one by one,
 * yielding to the browser in between instead of blocking it for the whole page.
 */
export default function LandingPage() {
  return (
    <>
      <Suspense fallback={null}>
        <Hero />
      </Suspense>
      <Suspense fallback={null}>
        <ServicesSection />
      </Suspense>
      <Suspense fallback={null}>
        <TherapistsSection />
      </Suspense>
      <Suspense fallback={null}>
        <SupportSection />
      </Suspense>
      <Suspense fallback={null}>
        <SecuritySection />
      </Suspense>
      <Suspense fallback={null}>
        <LandingFooter />
      </Suspense>
    </>
  );
}
