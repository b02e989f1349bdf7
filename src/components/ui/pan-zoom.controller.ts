import {
  centreOf,
  clampView,
  easeInOut,
  fitView,
  interpolateView,
  type Limits,
  limitsFor,
  type Point,
  panBy,
  pinchView,
  type Rect,
  readableTiers,
  type Size,
  sameView,
  startView,
  toTransform,
  type View,
  viewForRect,
  zoomAt,
} from './pan-zoom.math.ts';

/*
 * The pan/zoom state machine of one viewport, outside React on purpose: a pointermove must not
 * re-render the plan, so the view lives here and reaches the DOM once per animation frame as one
 * SVG transform attribute. React only hears about the zoom limits (to mark the buttons).
 */

export interface PanZoomSettings {
  content: Size;
  /** From this scale on the viewport carries data-detail="high" (small labels may show). */
  detailScale?: number;
  /** Label tiers and the scale each is readable from: the viewport's data-labels lists those readable now. */
  labelScales?: Readonly<Record<string, number>>;
  /** The plan opens at least this close (readable labels), centred on startCentre; reset shows the whole plan. */
  startScale?: number;
  startCentre?: Point;
  /** How close a target may be brought, as a multiple of the fitting scale. */
  targetZoom: number;
  onBoundsChange: (atMin: boolean, atMax: boolean) => void;
}

/** Movement (px) before a press becomes a drag; below it a press stays a tap or click. */
const DRAG_THRESHOLD = 6;
const DOUBLE_TAP_MS = 320;
const DOUBLE_TAP_DISTANCE = 30;
const TAP_MAX_MS = 350;
const BUTTON_ZOOM = 1.6;
const KEY_PAN_SHARE = 0.15;
const EDGE_MARGIN = 32;
/** The zoom buttons' column (44 px buttons, border, 12 px from the edge) over the plan's right side. */
const CONTROLS_INSET = 60;
const ANIMATION_MS = 260;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export class PanZoomController {
  private view: View = { x: 0, y: 0, k: 1 };
  private size: Size = { width: 0, height: 0 };
  private frame = 0;
  private animation = 0;
  /** Last reported zoom limits; null until the first draw reports them (React starts at the whole plan). */
  private bounds: { atMin: boolean; atMax: boolean } | null = null;
  private pendingTarget: Rect | null = null;
  private placed = false;
  private drawnScale = 0;

  /** Active pointers in viewport coordinates, in the order they went down. */
  private readonly pointers = new Map<number, Point>();
  private origin = { left: 0, top: 0 };
  private press: { point: Point; time: number } | null = null;
  private dragged = false;
  private suppressClick = false;
  private lastTap: { point: Point; time: number } | null = null;

  constructor(
    private readonly viewport: HTMLElement,
    private readonly content: SVGGElement,
    private settings: PanZoomSettings,
  ) {}

  /** New settings from React; a different plan size fits the new plan. */
  update(settings: PanZoomSettings): void {
    const resized =
      settings.content.width !== this.settings.content.width || settings.content.height !== this.settings.content.height;
    this.settings = settings;
    if (resized && this.placed) this.commit(this.start());
    else this.schedule();
  }

  /** Called with the viewport's size on mount and whenever it changes. */
  resize(size: Size): void {
    if (size.width <= 0 || size.height <= 0) return;
    const previous = this.size;
    const wasWhole = this.placed && this.view.k <= this.limits().minK * 1.001;
    this.size = size;
    if (!this.placed) {
      this.placed = true;
      const target = this.pendingTarget;
      this.pendingTarget = null;
      this.commit(target ? this.viewFor(target) : this.start());
      return;
    }
    // The whole plan stays whole (the address bar hid, a phone turned); otherwise what was in
    // the middle stays in the middle.
    if (wasWhole) {
      this.commit(this.fit());
      return;
    }
    const before = centreOf(previous, CONTROLS_INSET);
    const after = centreOf(size, CONTROLS_INSET);
    const { k } = this.view;
    const middle = { x: (before.x - this.view.x) / k, y: (before.y - this.view.y) / k };
    this.commit({ k, x: after.x - middle.x * k, y: after.y - middle.y * k });
  }

  /** Brings a content rectangle into view (a booth, a room, a hotel). */
  focus(rect: Rect): void {
    if (!this.placed) {
      this.pendingTarget = rect;
      return;
    }
    this.animateTo(this.viewFor(rect));
  }

  zoomIn(): void {
    this.animateTo(zoomAt(this.view, BUTTON_ZOOM, this.centre(), this.limits()));
  }

  zoomOut(): void {
    this.animateTo(zoomAt(this.view, 1 / BUTTON_ZOOM, this.centre(), this.limits()));
  }

  reset(): void {
    this.animateTo(this.fit());
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    cancelAnimationFrame(this.animation);
  }

  // ---------------------------------------------------------------- events

  readonly onPointerDown = (event: PointerEvent): void => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    this.stopAnimation();
    if (this.pointers.size === 0) {
      const box = this.viewport.getBoundingClientRect();
      this.origin = { left: box.left, top: box.top };
      this.dragged = false;
      this.suppressClick = false;
    }
    const point = this.local(event);
    this.pointers.set(event.pointerId, point);
    if (this.pointers.size === 1) {
      this.press = { point, time: event.timeStamp };
    } else {
      // A second finger makes it a pinch: never a tap, and keep every pointer on the viewport.
      this.startDrag();
      for (const id of this.pointers.keys()) this.capture(id);
    }
  };

  readonly onPointerMove = (event: PointerEvent): void => {
    const previous = this.pointers.get(event.pointerId);
    if (!previous) return;
    const point = this.local(event);

    if (this.pointers.size === 1) {
      if (!this.dragged) {
        const start = this.press?.point ?? previous;
        if (Math.hypot(point.x - start.x, point.y - start.y) < DRAG_THRESHOLD) return;
        this.startDrag();
        this.capture(event.pointerId);
      }
      this.pointers.set(event.pointerId, point);
      this.commit(panBy(this.view, point.x - previous.x, point.y - previous.y));
      return;
    }

    const [first, second] = [...this.pointers.entries()];
    if (!first || !second) return;
    const before: [Point, Point] = [first[1], second[1]];
    this.pointers.set(event.pointerId, point);
    const after: [Point, Point] = [this.pointers.get(first[0]) ?? first[1], this.pointers.get(second[0]) ?? second[1]];
    this.commit(pinchView(this.view, before, after, this.limits()));
  };

  readonly onPointerUp = (event: PointerEvent): void => {
    if (!this.pointers.delete(event.pointerId)) return;
    if (this.pointers.size > 0 || event.type === 'pointercancel') {
      if (this.pointers.size === 0) this.press = null;
      return;
    }
    const press = this.press;
    this.press = null;
    if (this.dragged || !press || event.timeStamp - press.time > TAP_MAX_MS) {
      this.lastTap = null;
      return;
    }
    const point = this.local(event);
    const last = this.lastTap;
    if (
      last &&
      event.timeStamp - last.time < DOUBLE_TAP_MS &&
      Math.hypot(point.x - last.point.x, point.y - last.point.y) < DOUBLE_TAP_DISTANCE
    ) {
      this.lastTap = null;
      this.animateTo(zoomAt(this.view, 2, point, this.limits()));
    } else {
      this.lastTap = { point, time: event.timeStamp };
    }
  };

  /** After a drag the browser still fires a click on whatever was under the finger: swallow it. */
  readonly onClickCapture = (event: MouseEvent): void => {
    if (!this.suppressClick) return;
    this.suppressClick = false;
    event.stopPropagation();
    event.preventDefault();
  };

  readonly onWheel = (event: WheelEvent): void => {
    event.preventDefault();
    this.stopAnimation();
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? this.size.height : 1;
    // Trackpad pinches arrive as wheel events with ctrlKey and small deltas: zoom faster for them.
    const speed = event.ctrlKey ? 0.01 : 0.0015;
    const factor = Math.exp(-event.deltaY * unit * speed);
    const box = this.viewport.getBoundingClientRect();
    this.commit(zoomAt(this.view, factor, { x: event.clientX - box.left, y: event.clientY - box.top }, this.limits()));
  };

  readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const stepX = this.size.width * KEY_PAN_SHARE;
    const stepY = this.size.height * KEY_PAN_SHARE;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => this.animateTo(panBy(this.view, stepX, 0)),
      ArrowRight: () => this.animateTo(panBy(this.view, -stepX, 0)),
      ArrowUp: () => this.animateTo(panBy(this.view, 0, stepY)),
      ArrowDown: () => this.animateTo(panBy(this.view, 0, -stepY)),
      '+': () => this.zoomIn(),
      '=': () => this.zoomIn(),
      '-': () => this.zoomOut(),
      _: () => this.zoomOut(),
      '0': () => this.reset(),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  // ---------------------------------------------------------------- internals

  private local(event: PointerEvent): Point {
    return { x: event.clientX - this.origin.left, y: event.clientY - this.origin.top };
  }

  private startDrag(): void {
    this.dragged = true;
    this.suppressClick = true;
    this.lastTap = null;
  }

  /** Captured only once a drag starts, so a plain tap still clicks the booth under the finger. */
  private capture(pointerId: number): void {
    try {
      this.viewport.setPointerCapture(pointerId);
    } catch {
      // the pointer is already gone (lifted between events)
    }
  }

  private centre(): Point {
    return centreOf(this.size, CONTROLS_INSET);
  }

  private fit(): View {
    return fitView(this.settings.content, this.size, CONTROLS_INSET);
  }

  /** The opening view: readable labels where the page asks for them, else the whole plan. */
  private start(): View {
    const { content, startScale, startCentre } = this.settings;
    return startScale === undefined ? this.fit() : startView(content, this.size, CONTROLS_INSET, startScale, startCentre);
  }

  private limits(): Limits {
    return limitsFor(this.settings.content, this.size, EDGE_MARGIN, CONTROLS_INSET);
  }

  private viewFor(rect: Rect): View {
    const limits = this.limits();
    return viewForRect(rect, this.size, limits, limits.minK * this.settings.targetZoom);
  }

  /**
   * Sets the view (kept within bounds) and draws it on the next frame, so many pointer events in
   * one frame cost one draw. An animation, already inside a frame, draws at once.
   */
  private commit(view: View, now = false): void {
    this.view = clampView(view, this.settings.content, this.size, this.limits());
    if (!now) {
      this.schedule();
      return;
    }
    cancelAnimationFrame(this.frame);
    this.draw();
  }

  private schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(this.draw);
  }

  private readonly draw = (): void => {
    this.frame = 0;
    const { view } = this;
    this.content.setAttribute('transform', toTransform(view));
    this.viewport.dataset.scale = view.k.toFixed(4);
    const { detailScale, labelScales } = this.settings;
    if (detailScale !== undefined) this.viewport.dataset.detail = view.k >= detailScale ? 'high' : 'low';
    if (labelScales) {
      const labels = readableTiers(labelScales, view.k);
      if (this.viewport.dataset.labels !== labels) this.viewport.dataset.labels = labels;
    }
    // Text that must never shrink below a size on screen reads the scale (only on zoom, not on pan).
    if (view.k !== this.drawnScale) {
      this.drawnScale = view.k;
      this.viewport.style.setProperty('--pan-zoom-scale', String(view.k));
    }

    const limits = this.limits();
    const atMin = view.k <= limits.minK * 1.001;
    const atMax = view.k >= limits.maxK * 0.999;
    if (atMin !== this.bounds?.atMin || atMax !== this.bounds?.atMax) {
      this.bounds = { atMin, atMax };
      this.settings.onBoundsChange(atMin, atMax);
    }
  };

  private stopAnimation(): void {
    cancelAnimationFrame(this.animation);
    this.animation = 0;
  }

  private animateTo(target: View): void {
    this.stopAnimation();
    const end = clampView(target, this.settings.content, this.size, this.limits());
    if (prefersReducedMotion() || sameView(this.view, end)) {
      this.commit(end);
      return;
    }
    const start = this.view;
    const startedAt = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - startedAt) / ANIMATION_MS);
      this.commit(interpolateView(start, end, easeInOut(t)), true);
      this.animation = t < 1 ? requestAnimationFrame(step) : 0;
    };
    this.animation = requestAnimationFrame(step);
  }
}
