export { productImagePng, productImageSvg } from "./product-image.js";
