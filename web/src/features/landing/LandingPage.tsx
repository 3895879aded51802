/**
 * / : hero, the four feature cards and the call to action (docs/product.md#landing). A signed-in visitor finds
 * their latest trips above them, or a "Plan your first trip" step while they have none.
 */
import { Link } from 'react-router-dom';
import { appMessages } from '../../lib/messages/appMessages.ts';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { landingMessages } from './messages.ts';
import { YourTrips } from './YourTrips.tsx';

export default function LandingPage() {
  useDocumentTitle(appMessages.productName);
  const text = landingMessages;
  const auth = useSession();
  const signedIn = auth.status === 'authenticated';
  // Signed in, the page leads with the visitor's own trips: they hold its one first-level heading.
  const Headline = signedIn ? 'h2' : 'h1';
  return (
    <div className="landing">
      {signedIn && <YourTrips name={auth.user.displayName} />}
      <section className="hero">
        <Headline>{text.headline}</Headline>
        <p>{text.lead}</p>
        <Link to="/trips" className="button primary large">
          {text.cta}
        </Link>
      </section>
      <section className="feature-grid" aria-label="Features">
        {text.features.map((feature) => (
          <article key={feature.title} className="card feature">
            {signedIn ? <h3>{feature.title}</h3> : <h2>{feature.title}</h2>}
            <p>{feature.body}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
