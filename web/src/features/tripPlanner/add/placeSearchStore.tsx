/**
 * What the user is searching for, shared by the Search Places tab and the map (its red markers and
 * 'Search This Area'), and where the map is looking (the address type-ahead's bias while the trip has no
 * located stop): one store per trip page, so neither leaks into another trip.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { POI_SEARCH_DEFAULT_RADIUS_KM, type LatLng } from '@caravan/shared';

export interface SearchArea {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

export interface PlaceSearchState {
  /** What is typed. */
  input: string;
  /** What is searched: `input` after the 500 ms debounce, trimmed. */
  keyword: string;
  radiusKm: number;
  /** Set by 'Search This Area': the map's centre and radius replace the trip's last stop. */
  area: SearchArea | null;
  /** The map view's centre once it has settled; null before the map has drawn. */
  viewCentre: LatLng | null;
  setInput: (input: string) => void;
  setKeyword: (keyword: string) => void;
  setRadius: (radiusKm: number) => void;
  searchArea: (area: SearchArea) => void;
  setViewCentre: (centre: LatLng) => void;
}

const createPlaceSearchStore = () =>
  createStore<PlaceSearchState>((set) => ({
    input: '',
    keyword: '',
    radiusKm: POI_SEARCH_DEFAULT_RADIUS_KM,
    area: null,
    viewCentre: null,
    setInput: (input) => set({ input }),
    setKeyword: (keyword) => set({ keyword }),
    // Choosing a radius in the panel means "around my trip" again.
    setRadius: (radiusKm) => set({ radiusKm, area: null }),
    searchArea: (area) => set({ area }),
    setViewCentre: (viewCentre) => set({ viewCentre }),
  }));

const PlaceSearchContext = createContext<StoreApi<PlaceSearchState> | null>(null);

export function PlaceSearchProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createPlaceSearchStore);
  return <PlaceSearchContext.Provider value={store}>{children}</PlaceSearchContext.Provider>;
}

export function usePlaceSearch<T>(selector: (state: PlaceSearchState) => T): T {
  const store = useContext(PlaceSearchContext);
  if (!store) throw new Error('usePlaceSearch needs a PlaceSearchProvider');
  return useStore(store, selector);
}
