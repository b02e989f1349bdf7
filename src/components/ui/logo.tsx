import './logo.css';

/** Word mark with a cloud; the text is real text so it scales and reads out as 'CloudFest 2026'. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={className ? `logo ${className}` : 'logo'}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M9.5 25h14a6.5 6.5 0 0 0 1-12.92A8.5 8.5 0 0 0 8.2 13.6 5.75 5.75 0 0 0 9.5 25z" fill="currentColor" />
      </svg>
      <span className="logo__text">
        CloudFest <span className="logo__year">2026</span>
      </span>
    </span>
  );
}
