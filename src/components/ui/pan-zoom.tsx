import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { PanZoomController } from './pan-zoom.controller.ts';
import type { Point, Rect } from './pan-zoom.math.ts';
import './pan-zoom.css';

export type { Rect } from './pan-zoom.math.ts';

export interface PanZoomProps {
  /** Accessible name of the viewport, e.g. 'Floor plan'. */
  label: string;
  /** What the drawing shows, for screen readers (the SVG is one image to them). */
  description: string;
  /** The plan's own coordinate space. */
  width: number;
  height: number;
  /** Brought into view whenever a new rectangle (by identity) arrives: a booth, a room, a hotel. */
  target?: Rect | null;
  /** From this scale on the viewport carries data-detail="high", so small labels can show. */
  detailScale?: number;
  /** How close a target may be brought, as a multiple of the whole-plan scale. */
  targetZoom?: number;
  /**
   * Label tiers (CSS hooks) and the scale each becomes readable from: the viewport's data-labels
   * lists the tiers readable at the current zoom, so labels show once big enough, never as specks.
   */
  labelScales?: Readonly<Record<string, number>>;
  /** The plan opens at least this close, so its labels can be read; "Reset view" shows the whole plan. */
  startScale?: number;
  /** Where the opening view is centred, in plan units (the plan's middle by default). */
  startCentre?: Point;
  className?: string;
  /** SVG content in plan coordinates. */
  children: ReactNode;
}

/**
 * A viewport that pans and zooms SVG content: drag, pinch, wheel or trackpad, double tap, the
 * +/− and reset buttons, and the keyboard (arrows, + and −, 0) once focused. The view never
 * passes through React state, so moving a large plan does not re-render it. Its texts are in the
 * plans catalogue (the floor and site plans use it).
 */
export function PanZoom({
  label,
  description,
  width,
  height,
  target = null,
  detailScale,
  targetZoom = 4,
  labelScales,
  startScale,
  startCentre,
  className,
  children,
}: PanZoomProps) {
  const t = useT('plans');
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<SVGGElement>(null);
  const controllerRef = useRef<PanZoomController | null>(null);
  const [bounds, setBounds] = useState({ atMin: true, atMax: false });
  const helpId = useId();
  const descriptionId = useId();

  const settings = {
    content: { width, height },
    detailScale,
    targetZoom,
    labelScales,
    startScale,
    startCentre,
    onBoundsChange: (atMin: boolean, atMax: boolean) => setBounds({ atMin, atMax }),
  };
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  // Set up before the first paint, so the plan never flashes at its raw size.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const content = contentRef.current;
    if (!viewport || !content) return;
    const controller = new PanZoomController(viewport, content, settingsRef.current);
    controllerRef.current = controller;
    controller.resize({ width: viewport.clientWidth, height: viewport.clientHeight });

    const observer = new ResizeObserver(() => controller.resize({ width: viewport.clientWidth, height: viewport.clientHeight }));
    observer.observe(viewport);
    // Wheel must be non-passive to keep the page from scrolling while zooming.
    viewport.addEventListener('wheel', controller.onWheel, { passive: false });
    viewport.addEventListener('pointerdown', controller.onPointerDown);
    viewport.addEventListener('click', controller.onClickCapture, true);
    viewport.addEventListener('keydown', controller.onKeyDown);
    // Moves and releases are followed on the window, so a pointer that slips outside before a
    // drag begins (and before capture) is still seen to go up.
    window.addEventListener('pointermove', controller.onPointerMove);
    window.addEventListener('pointerup', controller.onPointerUp);
    window.addEventListener('pointercancel', controller.onPointerUp);
    return () => {
      observer.disconnect();
      viewport.removeEventListener('wheel', controller.onWheel);
      viewport.removeEventListener('pointerdown', controller.onPointerDown);
      viewport.removeEventListener('click', controller.onClickCapture, true);
      viewport.removeEventListener('keydown', controller.onKeyDown);
      window.removeEventListener('pointermove', controller.onPointerMove);
      window.removeEventListener('pointerup', controller.onPointerUp);
      window.removeEventListener('pointercancel', controller.onPointerUp);
      controller.destroy();
      controllerRef.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the settings are read through the ref; these are the values that change them
  useLayoutEffect(() => {
    controllerRef.current?.update(settingsRef.current);
  }, [width, height, detailScale, targetZoom, labelScales]);

  useEffect(() => {
    if (target) controllerRef.current?.focus(target);
  }, [target]);

  return (
    <div className={className ? `pan-zoom ${className}` : 'pan-zoom'}>
      <div
        ref={viewportRef}
        className="pan-zoom__viewport"
        role="application"
        aria-label={label}
        aria-describedby={`${helpId} ${descriptionId}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewport takes the keyboard (arrows pan, +/− zoom); role application passes those keys through
        tabIndex={0}
        data-pan-zoom
      >
        <svg className="pan-zoom__svg" aria-hidden="true" focusable="false">
          <g ref={contentRef} data-pan-zoom-content>
            {children}
          </g>
        </svg>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset is for form inputs; these are three plain buttons */}
      <div className="pan-zoom__controls" role="group" aria-label={t('zoom')}>
        <button
          type="button"
          className="pan-zoom__button"
          aria-label={t('zoomIn')}
          aria-disabled={bounds.atMax}
          onClick={() => controllerRef.current?.zoomIn()}
        >
          <ControlIcon path="M12 5v14M5 12h14" />
        </button>
        <button
          type="button"
          className="pan-zoom__button"
          aria-label={t('zoomOut')}
          aria-disabled={bounds.atMin}
          onClick={() => controllerRef.current?.zoomOut()}
        >
          <ControlIcon path="M5 12h14" />
        </button>
        <button
          type="button"
          className="pan-zoom__button"
          aria-label={t('resetView')}
          onClick={() => controllerRef.current?.reset()}
        >
          <ControlIcon path="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
        </button>
      </div>
      <p id={helpId} className="visually-hidden">
        {t('panZoomHelp')}
      </p>
      <p id={descriptionId} className="visually-hidden">
        {description}
      </p>
    </div>
  );
}

function ControlIcon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
