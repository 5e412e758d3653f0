import MapsnapKit
