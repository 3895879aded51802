/** / : hero, the four feature cards and the call to action. */
import { Link } from 'react-router-dom';
import { appMessages } from '../../lib/messages/appMessages.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { landingMessages } from './messages.ts';

export default function LandingPage() {
  useDocumentTitle(appMessages.productName);
  const text = landingMessages;
  return (
    <div className="landing">
      <section className="hero">
        <h1>{text.headline}</h1>
        <p>{text.lead}</p>
        <Link to="/trips" className="button primary large">
          {text.cta}
        </Link>
      </section>
      <section className="feature-grid" aria-label="Features">
        {text.features.map((feature) => (
          <article key={feature.title} className="card feature">
            <h2>{feature.title}</h2>
            <p>{feature.body}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
