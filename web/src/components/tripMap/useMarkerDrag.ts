/**
 * How a marker is dragged (docs/product.md#map). With a mouse or a pen: MapLibre's own drag, once the pointer has gone
 * DRAG_THRESHOLD_PX from where it pressed. With a finger: only after a hold of HOLD_MS that moved less than
 * HOLD_SLOP_PX, so a swipe that happens to start on a marker pans the map and never moves the stop. MapLibre's drag
 * would take a touch as readily as a mouse, so the marker is made draggable for each mouse press only, and the touch
 * drag is this hook's: the lifted marker follows the finger (the map does not pan meanwhile) and is dropped where
 * the finger leaves.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { MarkerInstance } from 'react-map-gl/maplibre';
import { useMapKit } from './mapKit.ts';

/** How far (px) the pointer must travel, held down, before a marker starts to move under a mouse. */
export const DRAG_THRESHOLD_PX = 12;
/** How long (ms) a finger must rest on a marker before it lifts the marker. */
export const HOLD_MS = 400;
/** How far (px) a finger may stray while it holds: further, and it is a swipe, which pans the map. */
export const HOLD_SLOP_PX = 8;

type Position = { latitude: number; longitude: number };
type Point = { x: number; y: number };

/** One finger on the marker: where it pressed and was last, and once held, where it holds the marker from. */
interface Press {
  touchId: number;
  start: Point;
  last: Point;
  timer: ReturnType<typeof setTimeout>;
  /** Where the marker was, to put it back when the drag is called off. */
  from: [longitude: number, latitude: number];
  /** Set once the hold lifted the marker: the finger's offset from the marker's anchor, on the map. */
  grip?: Point;
  moved: boolean;
  panWasOn: boolean;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Wires `marker` for dragging while `onDrop` is given; true while a finger holds it lifted. */
export function useMarkerDrag(marker: RefObject<MarkerInstance | null>, onDrop: ((position: Position) => void) | undefined): boolean {
  const map = useMapKit().useMap().current;
  const [lifted, setLifted] = useState(false);
  const drop = useRef(onDrop);
  useEffect(() => {
    drop.current = onDrop;
  }, [onDrop]);
  const draggable = Boolean(onDrop);

  useEffect(() => {
    const pin = marker.current;
    if (!draggable || !pin || !map) return;
    const element = pin.getElement();
    const view = map.getMap();

    // A mouse (or pen) press: MapLibre's drag, for this press only. pointerdown comes before the mousedown the map acts on.
    const armForMouse = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      pin.setDraggable(true);
      window.addEventListener('pointerup', () => pin.setDraggable(false), { once: true });
    };

    let press: Press | null = null;
    const onMap = (touch: Touch): Point => {
      const box = view.getCanvasContainer().getBoundingClientRect();
      return { x: touch.clientX - box.left, y: touch.clientY - box.top };
    };
    const ownTouch = (event: TouchEvent) => (press ? Array.from(event.changedTouches).find((touch) => touch.identifier === press!.touchId) : undefined);

    const lift = () => {
      if (!press) return;
      const anchor = view.project(pin.getLngLat());
      press.grip = { x: press.last.x - anchor.x, y: press.last.y - anchor.y };
      // From here the finger moves the marker, not the map.
      press.panWasOn = view.dragPan.isEnabled();
      view.dragPan.disable();
      setLifted(true);
    };
    const release = (commit: boolean) => {
      if (!press) return;
      clearTimeout(press.timer);
      if (press.grip) {
        if (press.panWasOn) view.dragPan.enable();
        setLifted(false);
        if (commit && press.moved) {
          const { lat, lng } = pin.getLngLat();
          drop.current?.({ latitude: lat, longitude: lng });
        } else pin.setLngLat(press.from);
      }
      press = null;
    };

    const onTouchStart = (event: TouchEvent) => {
      // A second finger makes it a pinch, never a drag.
      if (press || event.touches.length > 1) return release(false);
      const touch = event.changedTouches[0];
      const at = onMap(touch);
      const { lng, lat } = pin.getLngLat();
      press = { touchId: touch.identifier, start: at, last: at, timer: setTimeout(lift, HOLD_MS), from: [lng, lat], moved: false, panWasOn: false };
    };
    const onTouchMove = (event: TouchEvent) => {
      const touch = ownTouch(event);
      if (!press || !touch) return;
      press.last = onMap(touch);
      const strayed = distance(press.last, press.start) > HOLD_SLOP_PX;
      if (!press.grip) {
        // Moving before the hold: a swipe, which the map pans with.
        if (strayed) release(false);
        return;
      }
      event.preventDefault();
      // A held finger trembles: the marker moves once the finger has clearly set off.
      if (!press.moved && !strayed) return;
      press.moved = true;
      pin.setLngLat(view.unproject([press.last.x - press.grip.x, press.last.y - press.grip.y]));
    };
    const onTouchEnd = (event: TouchEvent) => ownTouch(event) && release(true);
    const onTouchCancel = (event: TouchEvent) => ownTouch(event) && release(false);
    // The hold is the drag's, not the browser's long-press menu.
    const noMenu = (event: Event) => event.preventDefault();

    element.addEventListener('pointerdown', armForMouse);
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    element.addEventListener('touchend', onTouchEnd);
    element.addEventListener('touchcancel', onTouchCancel);
    element.addEventListener('contextmenu', noMenu);
    return () => {
      release(false);
      element.removeEventListener('pointerdown', armForMouse);
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('touchend', onTouchEnd);
      element.removeEventListener('touchcancel', onTouchCancel);
      element.removeEventListener('contextmenu', noMenu);
    };
  }, [draggable, map, marker]);

  return lifted;
}
