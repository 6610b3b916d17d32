import { Hero } from './components/hero';
import { LandingFooter } from './components/landing-footer';
import { SecuritySection } from './components/security-section';
import { ServicesSection } from './components/services-section';
import { SupportSection } from './components/support-section';
import { TherapistsSection } from './components/therapists-section';

/** /: what Rozmova offers, who the therapists are, how to get help and how data is protected. */
export default function LandingPage() {
  return (
    <>
      <Hero />
      <ServicesSection />
      <TherapistsSection />
      <SupportSection />
      <SecuritySection />
      <LandingFooter />
    </>
  );
}
